import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type ReactNode, type RefObject } from 'react';
import './Modal.css';

const TEXT = { close: 'Close' };

interface ModalProps {
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** 'sheet' slides in from the side for long content such as a lead's details. */
  variant?: 'dialog' | 'sheet';
  /** false: a panel beside the page, which stays usable (no overlay, focus not held, a click on the page leaves it open). */
  modal?: boolean;
  /** Takes focus when it opens, instead of the first control (the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
  children: ReactNode;
}

/**
 * A dialog, open while it is rendered: focus moves in (and stays in, unless it is a panel
 * beside the page), Escape closes it, and focus returns to where it was when it goes.
 */
export function Modal({ onClose, title, description, variant = 'dialog', modal = true, initialFocus, className, children }: ModalProps) {
  // Radix returns focus to a Dialog.Trigger; these dialogs open from buttons elsewhere (a card, a menu).
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  return (
    <Dialog.Root open modal={modal} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        {modal && <Dialog.Overlay className="modal-overlay" />}
        <Dialog.Content
          className={['modal', `modal--${variant}`, className].filter(Boolean).join(' ')}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onInteractOutside={(event) => !modal && event.preventDefault()}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener?.focus();
          }}
        >
          <div className="modal__header">
            <Dialog.Title className="modal__title">{title}</Dialog.Title>
            <Dialog.Close className="modal__close" aria-label={TEXT.close}>
              <X aria-hidden size={20} />
            </Dialog.Close>
          </div>
          {description && <Dialog.Description className="modal__description">{description}</Dialog.Description>}
          <div className="modal__body">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

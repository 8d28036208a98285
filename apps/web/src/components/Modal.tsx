import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import './Modal.css';

const TEXT = { close: 'Close' };

interface ModalProps {
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** 'sheet' slides in from the side for long content such as a lead's details. */
  variant?: 'dialog' | 'sheet';
  children: ReactNode;
}

/**
 * A modal dialog, open while it is rendered: focus moves in and stays in, Escape closes
 * it, and focus returns to where it was when it goes.
 */
export function Modal({ onClose, title, description, variant = 'dialog', children }: ModalProps) {
  // Radix returns focus to a Dialog.Trigger; these dialogs open from buttons elsewhere (a card, a menu).
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal-overlay" />
        <Dialog.Content
          className={`modal modal--${variant}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
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

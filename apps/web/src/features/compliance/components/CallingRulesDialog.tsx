import { Modal } from '../../../components/Modal';
import { CallRefusalsList } from './CallRefusalsList';
import { DndListSection } from './DndListSection';

const TEXT = {
  title: 'Calling rules',
  description: 'The DND scrub list from your telecom provider, and every call the calling rules refused.',
};

/** The DND scrub list (summary and upload) above the calls the rules refused. */
export function CallingRulesDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal onClose={onClose} variant="sheet" title={TEXT.title} description={TEXT.description}>
      <div className="calling-rules">
        <DndListSection />
        <CallRefusalsList />
      </div>
    </Modal>
  );
}

import { Modal } from '../../../components/Modal';
import { AutomaticMessagesSection } from './AutomaticMessagesSection';
import { TemplatesSection } from './TemplatesSection';

const TEXT = {
  title: 'WhatsApp',
  description: 'The templates approved in WhatsApp Manager, and the messages sent by themselves.',
  configuration:
    'Nothing is sent until WhatsApp is configured on the server (WHATSAPP_ACCESS_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET and WHATSAPP_VERIFY_TOKEN; see the README’s Configuration). Templates and automatic messages can be set up before.',
};

/** For admins: the registered templates and the automatic messages' settings. */
export function WhatsappAdminDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal onClose={onClose} variant="sheet" title={TEXT.title} description={TEXT.description}>
      <div className="whatsapp-admin">
        <p className="whatsapp-admin__note">{TEXT.configuration}</p>
        <AutomaticMessagesSection />
        <TemplatesSection />
      </div>
    </Modal>
  );
}

import { WHATSAPP_TEXT_MAX, type SendWhatsappMessage, type WhatsappReplyOptions, type WhatsappTemplate } from '@lead-desk/contracts';
import { Send } from 'lucide-react';
import { z } from 'zod';
import { FormField } from '../../../../components/FormField';
import { SubmitButton } from '../../../../components/SubmitButton';
import { useContractForm } from '../../../../lib/forms/useContractForm';
import { formatDateTime } from '../../utils/formatDateTime';

const TEXT = {
  reply: 'Reply on WhatsApp',
  windowOpen: (closesAt: string) => `Free text can be sent until ${formatDateTime(closesAt)}: 24 hours after the person’s last message.`,
  windowClosed: (lastInboundAt: string) =>
    `A template is needed: WhatsApp allows free text only within 24 hours of the person’s last message, and they last wrote at ${formatDateTime(lastInboundAt)}.`,
  neverWrote: 'A template is needed: WhatsApp allows free text only within 24 hours of the person’s last message, and they have not written on WhatsApp yet.',
  template: 'Template',
  chooseTemplate: 'Choose a template',
  noTemplates: 'No WhatsApp templates are registered: an admin registers those approved in WhatsApp Manager under WhatsApp on the dashboard.',
  loadingTemplates: 'Loading the templates…',
  send: 'Send',
  sendTemplate: 'Send template',
  sending: 'Sending…',
};

const textReplySchema = z.object({
  text: z.string().trim().min(1, 'is required').max(WHATSAPP_TEXT_MAX, `must be at most ${WHATSAPP_TEXT_MAX} characters`),
});

const templateReplySchema = z.object({
  template: z.string().min(1, 'is required: choose one'),
  variables: z.record(z.string(), z.string()),
});

interface WhatsappReplyBoxProps {
  window: WhatsappReplyOptions['window'];
  templates: { data?: WhatsappTemplate[]; isPending: boolean };
  /** Sends the message; what the API refuses shows beside the box, and what was typed stays. */
  onSend: (message: SendWhatsappMessage) => Promise<unknown>;
}

/** Free text inside the 24-hour window; outside it (or before the person ever wrote), a registered template, and why. */
export function WhatsappReplyBox({ window, templates, onSend }: WhatsappReplyBoxProps) {
  if (window.open && window.closesAt) return <TextReply closesAt={window.closesAt} onSend={onSend} />;
  return (
    <div className="whatsapp-reply">
      <p className="whatsapp-reply__why">{window.lastInboundAt ? TEXT.windowClosed(window.lastInboundAt) : TEXT.neverWrote}</p>
      {templates.isPending ? <p role="status">{TEXT.loadingTemplates}</p> : <TemplateReply templates={(templates.data ?? []).filter(({ archived }) => !archived)} onSend={onSend} />}
    </div>
  );
}

function FormError({ message }: { message: string | undefined }) {
  return message ? (
    <p className="form-error" role="alert">
      {message}
    </p>
  ) : null;
}

function TextReply({ closesAt, onSend }: { closesAt: string; onSend: WhatsappReplyBoxProps['onSend'] }) {
  const { form, fieldError, formError, submitWith } = useContractForm(textReplySchema, { defaultValues: { text: '' }, labels: { text: TEXT.reply } });
  const send = async ({ text }: { text: string }) => {
    await onSend({ text });
    form.reset({ text: '' });
  };
  return (
    <form className="whatsapp-reply" noValidate onSubmit={submitWith(send)}>
      <FormError message={formError} />
      <FormField label={TEXT.reply} hint={TEXT.windowOpen(closesAt)} error={fieldError('text')}>
        {(control) => <textarea {...control} {...form.register('text')} rows={3} />}
      </FormField>
      <div className="form-actions">
        <SubmitButton icon={Send} label={TEXT.send} pendingLabel={TEXT.sending} pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}

function TemplateReply({ templates, onSend }: { templates: WhatsappTemplate[]; onSend: WhatsappReplyBoxProps['onSend'] }) {
  const { form, fieldError, formError, submitWith } = useContractForm(templateReplySchema, {
    defaultValues: { template: '', variables: {} },
    labels: { template: TEXT.template, variables: TEXT.template },
  });
  if (templates.length === 0) return <p className="whatsapp-reply__none">{TEXT.noTemplates}</p>;
  const chosen = templates.find(({ id }) => id === form.watch('template'));
  const custom = chosen?.variables.filter(({ source }) => source === 'custom') ?? [];
  const send = async ({ template, variables }: z.output<typeof templateReplySchema>) => {
    // Only the chosen template's own values: another one's, typed before, would be refused.
    const values = Object.fromEntries(custom.map(({ key }) => [key, variables[key] ?? '']));
    await onSend({ template, ...(custom.length > 0 ? { variables: values } : {}) });
    form.reset({ template: '', variables: {} });
  };
  return (
    <form noValidate onSubmit={submitWith(send)}>
      <FormError message={formError} />
      <FormField label={TEXT.template} error={fieldError('template')}>
        {(control) => (
          <select {...control} {...form.register('template')}>
            <option value="">{TEXT.chooseTemplate}</option>
            {templates.map((template) => (
              <option key={template.id} value={template.id}>
                {template.name} ({template.language})
              </option>
            ))}
          </select>
        )}
      </FormField>
      {chosen?.body && <p className="whatsapp-reply__body">{chosen.body}</p>}
      {custom.map(({ key }) => (
        <FormField key={key} label={key}>
          {(control) => <input {...control} {...form.register(`variables.${key}`)} />}
        </FormField>
      ))}
      <div className="form-actions">
        <SubmitButton icon={Send} label={TEXT.sendTemplate} pendingLabel={TEXT.sending} pending={form.formState.isSubmitting} />
      </div>
    </form>
  );
}

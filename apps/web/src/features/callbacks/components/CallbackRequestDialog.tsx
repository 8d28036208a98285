import { CALLBACK_CONSENT_WORDING, CALLBACK_WHATSAPP_OPT_IN_WORDING, type CallbackReceipt } from '@lead-desk/contracts';
import { PhoneCall } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormField } from '../../../components/FormField';
import { Modal } from '../../../components/Modal';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';
import { isPassingFailure, requestCallback } from '../api/callbackApi';
import { clearCallbackDraft, readCallbackDraft, writeCallbackDraft } from '../callbackDraft';
import { callbackFormSchema, EMPTY_CALLBACK_FORM, type CallbackFormValues } from '../callbackFormSchema';
import '../callbacks.css';

const TEXT = {
  title: 'Request a callback',
  description: 'Leave your number and we will call you back about the property you are looking for.',
  labels: { name: 'Name', phone: 'Phone', email: 'Email', preferredTime: 'Preferred time', propertyId: 'Interested in', consent: 'Your agreement', whatsappOptIn: 'WhatsApp messages', website: 'Website' },
  optional: 'optional',
  preferredTimeHint: 'Leave it empty to be called as soon as possible.',
  anyProperty: 'Any property',
  submit: 'Request a callback',
  sending: 'Sending…',
  retrying: (seconds: number) => `We could not reach our server just now… retrying in ${seconds} s. What you typed is kept.`,
  done: 'Close',
  honeypot: 'Leave this field empty',
};

/** Waits before each new try after a passing failure: 1 s, 2 s, 4 s… up to 30 s. */
export const defaultRetryDelayMs = (attempt: number) => Math.min(1_000 * 2 ** attempt, 30_000);

interface CallbackRequestDialogProps {
  onClose: () => void;
  /** The properties the page lists, to ask about one of them (none while they load or failed to). */
  properties: readonly { id: number; name: string }[];
  /** The property whose card was pressed: the form asks about it unless the visitor picks another. */
  propertyId?: number;
  retryDelayMs?: (attempt: number) => number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The customer page's "Request a callback" form. What is typed is kept in this browser until
 * the request is answered, so an API that is down for a moment loses nothing: the form says so
 * and sends again with a growing wait, and after a reload the page sends it again by itself.
 */
export function CallbackRequestDialog({ onClose, properties, propertyId, retryDelayMs = defaultRetryDelayMs }: CallbackRequestDialogProps) {
  const [draft] = useState(readCallbackDraft);
  const initialValues: CallbackFormValues = { ...EMPTY_CALLBACK_FORM, ...draft?.values, ...(propertyId !== undefined && { propertyId: String(propertyId) }) };
  const { form, fieldError, formError, submitWith } = useContractForm(callbackFormSchema, { defaultValues: initialValues, labels: TEXT.labels });
  const [receipt, setReceipt] = useState<CallbackReceipt | null>(null);
  const [retryInSeconds, setRetryInSeconds] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const closed = useRef(false);
  const answer = useRef<HTMLParagraphElement>(null);
  const consentId = useId();
  const consentErrorId = useId();
  const whatsappOptInId = useId();

  // Everything typed is kept (the hidden field aside) until the request is answered.
  useEffect(() => {
    const subscription = form.watch((values) => writeCallbackDraft({ values: { ...EMPTY_CALLBACK_FORM, ...values } as CallbackFormValues, pending: false }));
    return () => subscription.unsubscribe();
  }, [form]);

  const submit = submitWith(async (request) => {
    setSending(true);
    writeCallbackDraft({ values: form.getValues(), pending: true });
    try {
      for (let attempt = 0; ; attempt += 1) {
        try {
          const answered = await requestCallback(request);
          clearCallbackDraft();
          setReceipt(answered);
          return;
        } catch (error) {
          if (!isPassingFailure(error) || closed.current) throw error;
          const delay = retryDelayMs(attempt);
          setRetryInSeconds(Math.max(1, Math.round(delay / 1000)));
          await sleep(delay);
          if (closed.current) return;
        }
      }
    } catch (error) {
      // Refused for good (a field, too many requests): kept as typed, no longer waiting to be sent.
      writeCallbackDraft({ values: form.getValues(), pending: false });
      throw error;
    } finally {
      setRetryInSeconds(null);
      setSending(false);
    }
  });

  // A request sent before a reload and never answered is sent again as soon as the form is back.
  useEffect(() => {
    if (draft?.pending) submit();
    // Once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (receipt) answer.current?.focus();
  }, [receipt]);

  const close = () => {
    closed.current = true;
    if (!receipt) writeCallbackDraft({ values: form.getValues(), pending: false });
    onClose();
  };

  // Registered in the order the form shows them: the first field at fault takes focus.
  const field = {
    name: form.register('name'),
    phone: form.register('phone'),
    email: form.register('email'),
    preferredTime: form.register('preferredTime'),
    propertyId: form.register('propertyId'),
    consent: form.register('consent'),
    whatsappOptIn: form.register('whatsappOptIn'),
    website: form.register('website'),
  };
  const consentError = fieldError('consent');
  return (
    <Modal onClose={close} title={TEXT.title} description={receipt ? undefined : TEXT.description}>
      {receipt ? (
        <div className="callback-request__answer">
          <p ref={answer} tabIndex={-1} role="status" className="callback-request__message">
            {receipt.message}.
          </p>
          <button type="button" className="button button--primary" onClick={close}>
            {TEXT.done}
          </button>
        </div>
      ) : (
        <form className="callback-request" noValidate onSubmit={submit}>
          {formError && (
            <p className="form-error" role="alert">
              {formError}
            </p>
          )}
          {retryInSeconds !== null && (
            <p className="callback-request__retrying" role="status">
              {TEXT.retrying(retryInSeconds)}
            </p>
          )}
          <FormField label={TEXT.labels.name} error={fieldError('name')}>
            {(control) => <input {...control} {...field.name} autoComplete="name" aria-required="true" />}
          </FormField>
          <FormField label={TEXT.labels.phone} error={fieldError('phone')}>
            {(control) => <input {...control} {...field.phone} type="tel" autoComplete="tel" aria-required="true" />}
          </FormField>
          <FormField label={TEXT.labels.email} hint={TEXT.optional} error={fieldError('email')}>
            {(control) => <input {...control} {...field.email} type="email" autoComplete="email" />}
          </FormField>
          <FormField label={TEXT.labels.preferredTime} hint={TEXT.preferredTimeHint} error={fieldError('preferredTime')}>
            {(control) => <input {...control} {...field.preferredTime} type="datetime-local" />}
          </FormField>
          <FormField label={TEXT.labels.propertyId} error={fieldError('propertyId')}>
            {(control) => (
              <select {...control} {...field.propertyId}>
                <option value="">{TEXT.anyProperty}</option>
                {properties.map((property) => (
                  <option key={property.id} value={String(property.id)}>
                    {property.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <div className="callback-request__consent" data-invalid={Boolean(consentError) || undefined}>
            <input
              id={consentId}
              type="checkbox"
              {...field.consent}
              aria-required="true"
              aria-invalid={Boolean(consentError)}
              aria-describedby={consentError ? consentErrorId : undefined}
            />
            <label htmlFor={consentId}>{CALLBACK_CONSENT_WORDING}</label>
            {consentError && (
              <p id={consentErrorId} className="form-field__error">
                {consentError}
              </p>
            )}
          </div>
          {/* Optional and unticked: the call does not depend on it. */}
          <div className="callback-request__consent">
            <input id={whatsappOptInId} type="checkbox" {...field.whatsappOptIn} aria-describedby={`${whatsappOptInId}-hint`} />
            <label htmlFor={whatsappOptInId}>{CALLBACK_WHATSAPP_OPT_IN_WORDING}</label>
            <p id={`${whatsappOptInId}-hint`} className="form-field__hint">
              {TEXT.optional}
            </p>
          </div>
          {/* People never see or reach this field; bots that fill every field do, and their request is stored nowhere. */}
          <div className="callback-request__honeypot" aria-hidden="true">
            <label>
              {TEXT.honeypot}
              <input {...field.website} type="text" tabIndex={-1} autoComplete="off" />
            </label>
          </div>
          <SubmitButton icon={PhoneCall} label={TEXT.submit} pendingLabel={TEXT.sending} pending={sending} />
        </form>
      )}
    </Modal>
  );
}

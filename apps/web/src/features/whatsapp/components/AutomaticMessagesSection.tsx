import { REMINDER_MINUTES, WHATSAPP_AUTOMATIC_MESSAGES, type WhatsappAutomaticMessageKind, type WhatsappAutomaticMessages, type WhatsappTemplate } from '@lead-desk/contracts';
import { Save } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useAutomaticMessages } from '../hooks/useAutomaticMessages';
import { useWhatsappTemplates } from '../hooks/useWhatsappTemplates';
import { apiFieldErrors } from './apiFieldErrors';
import { LoadedSection } from './LoadedSection';

const TEXT = {
  title: 'Automatic messages',
  intro: 'Sent by themselves once turned on, each at most once per event, to leads with a WhatsApp opt-in.',
  loading: 'Loading the automatic messages…',
  failed: 'Could not load the automatic messages',
  messages: {
    callbackMissed: { title: 'After a missed call', when: 'After each unanswered attempt of the agent’s callback cadence (“Sorry we missed you…”).' },
    visitConfirmation: { title: 'Visit confirmation', when: 'After a site visit is booked, by staff or by the agent: the address and a map link.' },
    visitReminder: { title: 'Visit reminder', when: 'Before each booked site visit.' },
  } satisfies Record<WhatsappAutomaticMessageKind, { title: string; when: string }>,
  enabled: 'Send it',
  template: 'Template',
  chooseTemplate: 'No template chosen',
  notOffered: (name: string, language: string) => `${name} (${language}): not registered or archived`,
  minutesBefore: 'Minutes before the visit',
  minutesHint: `From ${REMINDER_MINUTES.min} to ${REMINDER_MINUTES.max} (a week).`,
  labels: { enabled: 'Send it', template: 'Template', language: 'Template', minutesBefore: 'Minutes before the visit' } as Record<string, string>,
  save: 'Save automatic messages',
  saving: 'Saving…',
  saved: 'Saved.',
  saveFailed: 'Not saved:',
};

/** The form's copy of the settings: the reminder's minutes as typed, the template as one choice of name and language. */
type Draft = Record<WhatsappAutomaticMessageKind, { enabled: boolean; choice: string }> & { minutesBefore: string };

const choiceOf = (template: string | null, language: string) => (template ? `${template}|${language}` : '');
const fromChoice = (choice: string) => {
  const [template, language] = choice.split('|');
  return choice ? { template, language } : { template: null, language: 'en' };
};

function draftOf(settings: WhatsappAutomaticMessages): Draft {
  const draft = { minutesBefore: String(settings.visitReminder.minutesBefore) } as Draft;
  for (const kind of WHATSAPP_AUTOMATIC_MESSAGES) draft[kind] = { enabled: settings[kind].enabled, choice: choiceOf(settings[kind].template, settings[kind].language) };
  return draft;
}

function settingsOf(draft: Draft) {
  const message = (kind: WhatsappAutomaticMessageKind) => ({ enabled: draft[kind].enabled, ...fromChoice(draft[kind].choice) });
  // A blank or unreadable number goes as null: the API names the field and says why.
  const minutes = draft.minutesBefore.trim() === '' ? null : Number(draft.minutesBefore);
  return { callbackMissed: message('callbackMissed'), visitConfirmation: message('visitConfirmation'), visitReminder: { ...message('visitReminder'), minutesBefore: minutes as number } };
}

const shownField = (field: string) => /^(callbackMissed|visitConfirmation|visitReminder)\.(enabled|template|language)$/.test(field) || field === 'visitReminder.minutesBefore';

/** The three automatic messages, each switched on or off with its template; saved together. */
export function AutomaticMessagesSection() {
  const { settings, save } = useAutomaticMessages();
  const { templates } = useWhatsappTemplates();
  return (
    <LoadedSection title={TEXT.title} intro={TEXT.intro} query={settings} loading={TEXT.loading} failed={TEXT.failed}>
      {settings.data && <AutomaticMessagesForm stored={settings.data} templates={templates.data ?? []} save={save} />}
    </LoadedSection>
  );
}

interface AutomaticMessagesFormProps {
  stored: WhatsappAutomaticMessages;
  templates: WhatsappTemplate[];
  save: ReturnType<typeof useAutomaticMessages>['save'];
}

function AutomaticMessagesForm({ stored, templates, save }: AutomaticMessagesFormProps) {
  const [draft, setDraft] = useState(() => draftOf(stored));
  const { byField, unplaced } = apiFieldErrors(save.error, shownField);
  const errorOf = (...fields: string[]) => fields.map((field) => byField[field] && `${TEXT.labels[field.split('.')[1]]} ${byField[field]}`).find(Boolean);
  const offered = templates.filter((template) => !template.archived);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!save.isPending) save.mutate(settingsOf(draft));
  };

  return (
    <form className="whatsapp-admin__form" noValidate onSubmit={submit}>
      {WHATSAPP_AUTOMATIC_MESSAGES.map((kind) => {
        const message = draft[kind];
        const change = (changes: Partial<Draft[typeof kind]>) => setDraft({ ...draft, [kind]: { ...message, ...changes } });
        const stale = message.choice && !offered.some((template) => choiceOf(template.name, template.language) === message.choice);
        return (
          <fieldset key={kind} className="whatsapp-admin__automatic">
            <legend className="whatsapp-admin__subtitle">{TEXT.messages[kind].title}</legend>
            <p className="form-field__hint">{TEXT.messages[kind].when}</p>
            <label className="form-check">
              <input type="checkbox" role="switch" checked={message.enabled} onChange={(event) => change({ enabled: event.target.checked })} />
              {TEXT.enabled}
            </label>
            {byField[`${kind}.enabled`] && <p className="form-field__error">{errorOf(`${kind}.enabled`)}</p>}
            <FormField label={TEXT.template} error={errorOf(`${kind}.template`, `${kind}.language`)}>
              {(control) => (
                <select {...control} value={message.choice} onChange={(event) => change({ choice: event.target.value })}>
                  <option value="">{TEXT.chooseTemplate}</option>
                  {offered.map((template) => (
                    <option key={template.id} value={choiceOf(template.name, template.language)}>
                      {template.name} ({template.language})
                    </option>
                  ))}
                  {stale && <option value={message.choice}>{TEXT.notOffered(...(message.choice.split('|') as [string, string]))}</option>}
                </select>
              )}
            </FormField>
            {kind === 'visitReminder' && (
              <FormField label={TEXT.minutesBefore} hint={TEXT.minutesHint} error={errorOf('visitReminder.minutesBefore')}>
                {(control) => (
                  <input {...control} type="number" inputMode="numeric" min={REMINDER_MINUTES.min} max={REMINDER_MINUTES.max} value={draft.minutesBefore} onChange={(event) => setDraft({ ...draft, minutesBefore: event.target.value })} />
                )}
              </FormField>
            )}
          </fieldset>
        );
      })}
      {unplaced && (
        <p className="form-error" role="alert">
          {TEXT.saveFailed} {unplaced}
        </p>
      )}
      <div className="whatsapp-admin__actions">
        <SubmitButton icon={Save} label={TEXT.save} pendingLabel={TEXT.saving} pending={save.isPending} />
      </div>
      <p role="status">{save.isSuccess && TEXT.saved}</p>
    </form>
  );
}

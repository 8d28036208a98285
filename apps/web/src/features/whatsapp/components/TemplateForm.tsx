import type { WhatsappTemplateVariable } from '@lead-desk/contracts';
import { Save, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { ApiError } from '../../../lib/apiClient';
import { apiFieldErrors } from './apiFieldErrors';
import { TemplateVariablesEditor, variableDraft, type VariableDraft } from './TemplateVariablesEditor';

const TEXT = {
  labels: { name: 'Name', language: 'Language', body: 'Body as approved (optional)' } as Record<string, string>,
  nameHint: 'As in WhatsApp Manager: lower-case letters, digits and _ (visit_confirmation).',
  languageHint: 'WhatsApp’s code of the approved translation: en, en_US, hi.',
  bodyHint: 'With {{1}}, {{2}}… where the variables go: the timeline then shows a sent template filled in.',
  variableLabel: (field: string) => (field === 'variables' ? 'Variables' : field.endsWith('.key') ? 'Key' : 'Source'),
  cancel: 'Cancel',
  failed: 'Not saved:',
};

/** What the form sends: the template's name and language only when registering it. */
export interface TemplateFormValues {
  name: string;
  language: string;
  variables: WhatsappTemplateVariable[];
  body: string | null;
}

interface TemplateFormProps {
  /** Registering asks for the name and language; a change keeps them. */
  registering: boolean;
  initial?: { name: string; language: string; variables: WhatsappTemplateVariable[]; body: string | null };
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The API's refusal of the last submission, shown beside the field it names; what was typed stays. */
  error: Error | null;
  onSubmit: (values: TemplateFormValues) => Promise<unknown>;
  onCancel?: () => void;
}

const shownField = (field: string) => ['name', 'language', 'body', 'variables'].includes(field) || /^variables\.\d+\.(key|source)$/.test(field);

/** A template's name, language, variables and body; the API checks it and names what it refuses. */
export function TemplateForm({ registering, initial, submitLabel, pendingLabel, pending, error, onSubmit, onCancel }: TemplateFormProps) {
  const [name, setName] = useState(initial?.name ?? '');
  const [language, setLanguage] = useState(initial?.language ?? 'en');
  const [variables, setVariables] = useState<VariableDraft[]>(() => (initial?.variables ?? []).map(({ key, source }) => variableDraft(key, source)));
  const [body, setBody] = useState(initial?.body ?? '');

  const { byField, unplaced } = apiFieldErrors(error, shownField);
  // A 409 names no field, but it is about the name (and language) registered already.
  const conflict = error instanceof ApiError && error.status === 409 && registering ? error.message : null;
  const errorOf = (field: string) => {
    const message = byField[field];
    return message && `${TEXT.labels[field] ?? TEXT.variableLabel(field)} ${message}`;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    void onSubmit({ name: name.trim(), language: language.trim(), variables: variables.map(({ key, source }) => ({ key: key.trim(), source })), body: body.trim() || null }).then(
      () => {
        if (!registering) return;
        setName('');
        setVariables([]);
        setBody('');
      },
      // The refusal is the mutation's error, shown on the form.
      () => undefined,
    );
  };

  return (
    <form className="whatsapp-admin__form" noValidate onSubmit={submit}>
      {unplaced && !conflict && (
        <p className="form-error" role="alert">
          {TEXT.failed} {unplaced}
        </p>
      )}
      {registering && (
        <div className="whatsapp-admin__identity">
          <FormField label={TEXT.labels.name} hint={TEXT.nameHint} error={conflict ?? errorOf('name')}>
            {(control) => <input {...control} value={name} autoComplete="off" spellCheck={false} onChange={(event) => setName(event.target.value)} />}
          </FormField>
          <FormField label={TEXT.labels.language} hint={TEXT.languageHint} error={errorOf('language')}>
            {(control) => <input {...control} value={language} autoComplete="off" spellCheck={false} onChange={(event) => setLanguage(event.target.value)} />}
          </FormField>
        </div>
      )}
      <TemplateVariablesEditor variables={variables} onChange={setVariables} errorOf={errorOf} />
      <FormField label={TEXT.labels.body} hint={TEXT.bodyHint} error={errorOf('body')}>
        {(control) => <textarea {...control} value={body} rows={3} onChange={(event) => setBody(event.target.value)} />}
      </FormField>
      <div className="whatsapp-admin__actions">
        <SubmitButton icon={Save} label={submitLabel} pendingLabel={pendingLabel} pending={pending} />
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            <X aria-hidden size={16} />
            {TEXT.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

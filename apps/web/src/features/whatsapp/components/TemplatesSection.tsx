import type { WhatsappTemplate } from '@lead-desk/contracts';
import { Archive, ArchiveRestore, Pencil } from 'lucide-react';
import { useId, useState } from 'react';
import { useWhatsappTemplates } from '../hooks/useWhatsappTemplates';
import { LoadedSection } from './LoadedSection';
import { TemplateForm } from './TemplateForm';
import { placeholder, VARIABLE_SOURCE_TEXT } from './variableSourceTexts';

const TEXT = {
  title: 'Templates',
  intro: 'Register each template approved in Meta’s WhatsApp Manager, by its name and language, with its variables in the body’s order.',
  loading: 'Loading the templates…',
  failed: 'Could not load the templates',
  none: 'No templates are registered yet.',
  template: (template: WhatsappTemplate) => `${template.name} (${template.language})`,
  archived: 'Archived: no longer sent',
  variables: 'Variables',
  noVariables: 'none',
  body: 'Body',
  noBody: 'not given',
  edit: (template: WhatsappTemplate) => `Change ${TEXT.template(template)}`,
  archive: (template: WhatsappTemplate) => `Archive ${TEXT.template(template)}`,
  restore: (template: WhatsappTemplate) => `Bring back ${TEXT.template(template)}`,
  change: 'Change',
  archiveShort: 'Archive',
  restoreShort: 'Bring back',
  save: 'Save changes',
  saving: 'Saving…',
  changeFailed: 'Could not change the template:',
  registerTitle: 'Register a template',
  register: 'Register template',
  registering: 'Registering…',
};

type Templates = ReturnType<typeof useWhatsappTemplates>;

/** The registered templates, each changed or archived in place, and the form that registers one. */
export function TemplatesSection() {
  const registerTitleId = useId();
  const whatsapp = useWhatsappTemplates();
  const { templates, register } = whatsapp;
  return (
    <LoadedSection title={TEXT.title} intro={TEXT.intro} query={templates} loading={TEXT.loading} failed={TEXT.failed}>
      {templates.data?.length === 0 && <p>{TEXT.none}</p>}
      <ul className="whatsapp-admin__templates">
        {templates.data?.map((template) => (
          <li key={template.id}>
            <TemplateCard template={template} change={whatsapp.change} />
          </li>
        ))}
      </ul>
      <section className="whatsapp-admin__register" aria-labelledby={registerTitleId}>
        <h4 id={registerTitleId} className="whatsapp-admin__subtitle">
          {TEXT.registerTitle}
        </h4>
        <TemplateForm registering submitLabel={TEXT.register} pendingLabel={TEXT.registering} pending={register.isPending} error={register.error} onSubmit={(values) => register.mutateAsync(values)} />
      </section>
    </LoadedSection>
  );
}

function TemplateCard({ template, change }: { template: WhatsappTemplate; change: Templates['change'] }) {
  const [editing, setEditing] = useState(false);
  // One mutation serves every card: its state belongs to the card it last changed.
  const mine = change.variables?.id === template.id;
  const archiveError = mine && !editing ? change.error : null;
  return (
    <article className="whatsapp-admin__template" aria-label={TEXT.template(template)} data-archived={template.archived || undefined}>
      <h4 className="whatsapp-admin__subtitle">
        <code>{template.name}</code> ({template.language}) {template.archived && <span className="whatsapp-admin__badge">{TEXT.archived}</span>}
      </h4>
      {editing ? (
        <TemplateForm
          registering={false}
          initial={template}
          submitLabel={TEXT.save}
          pendingLabel={TEXT.saving}
          pending={mine && change.isPending}
          error={mine ? change.error : null}
          onSubmit={({ variables, body }) => change.mutateAsync({ id: template.id, changes: { variables, body } }).then(() => setEditing(false))}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <>
          <dl className="whatsapp-admin__facts">
            <dt>{TEXT.variables}</dt>
            <dd>
              {template.variables.length === 0 ? (
                TEXT.noVariables
              ) : (
                <ol className="whatsapp-admin__variable-facts">
                  {template.variables.map((variable, index) => (
                    <li key={variable.key}>
                      {placeholder(index)} <code>{variable.key}</code>: {VARIABLE_SOURCE_TEXT[variable.source]}
                    </li>
                  ))}
                </ol>
              )}
            </dd>
            <dt>{TEXT.body}</dt>
            <dd>{template.body ?? TEXT.noBody}</dd>
          </dl>
          <div className="whatsapp-admin__actions">
            {!template.archived && (
              <button type="button" className="button button--secondary" aria-label={TEXT.edit(template)} onClick={() => setEditing(true)}>
                <Pencil aria-hidden size={16} />
                {TEXT.change}
              </button>
            )}
            <button
              type="button"
              className="button button--secondary"
              aria-label={template.archived ? TEXT.restore(template) : TEXT.archive(template)}
              aria-disabled={change.isPending || undefined}
              onClick={() => !change.isPending && change.mutate({ id: template.id, changes: { archived: !template.archived } })}
            >
              {template.archived ? <ArchiveRestore aria-hidden size={16} /> : <Archive aria-hidden size={16} />}
              {template.archived ? TEXT.restoreShort : TEXT.archiveShort}
            </button>
          </div>
          {archiveError && (
            <p className="form-error" role="alert">
              {TEXT.changeFailed} {archiveError.message}
            </p>
          )}
        </>
      )}
    </article>
  );
}

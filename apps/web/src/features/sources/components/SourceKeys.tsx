import { useState } from 'react';
import type { CreatedLeadSourceKey } from '@lead-desk/contracts';
import { useSourceKeys } from '../hooks/useLeadSources';

const TEXT = {
  title: 'API keys',
  none: 'No keys yet.',
  create: 'Create a key',
  shownOnce: 'Copy this key now: it is not shown again.',
  copy: 'Copy',
  copied: 'Copied',
  revoke: (prefix: string) => `Revoke ${prefix}…`,
  revoked: 'revoked',
  lastUsed: 'last used',
  never: 'never used',
  failed: 'Could not change the keys:',
};

const dateTime = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** A source's keys by prefix; a new key is shown once, with a copy button. */
export function SourceKeys({ sourceId }: { sourceId: string }) {
  const { keys, create, revoke } = useSourceKeys(sourceId);
  const [created, setCreated] = useState<CreatedLeadSourceKey | null>(null);
  const [copied, setCopied] = useState(false);
  const copy = async (key: string) => {
    await navigator.clipboard.writeText(key);
    setCopied(true);
  };
  const error = create.error ?? revoke.error;
  return (
    <section className="source-keys" aria-label={TEXT.title}>
      <h4>{TEXT.title}</h4>
      {keys.data?.length === 0 && <p>{TEXT.none}</p>}
      <ul>
        {keys.data?.map((key) => (
          <li key={key.id}>
            <code>{key.prefix}…</code> {key.label}{' '}
            {key.revokedAt ? (
              <span>{TEXT.revoked}</span>
            ) : (
              <>
                <span>{key.lastUsedAt ? `${TEXT.lastUsed} ${dateTime.format(new Date(key.lastUsedAt))}` : TEXT.never}</span>{' '}
                <button type="button" className="button button--secondary" disabled={revoke.isPending} onClick={() => revoke.mutate(key.id)}>
                  {TEXT.revoke(key.prefix)}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {created && (
        <p role="status" className="source-keys__created">
          {TEXT.shownOnce} <code>{created.key}</code>{' '}
          <button type="button" className="button button--secondary" onClick={() => void copy(created.key)}>
            {copied ? TEXT.copied : TEXT.copy}
          </button>
        </p>
      )}
      {error && (
        <p className="form-error" role="alert">
          {TEXT.failed} {error.message}
        </p>
      )}
      <button
        type="button"
        className="button button--secondary"
        disabled={create.isPending}
        onClick={() => {
          setCopied(false);
          create.mutate(undefined, { onSuccess: setCreated });
        }}
      >
        {TEXT.create}
      </button>
    </section>
  );
}

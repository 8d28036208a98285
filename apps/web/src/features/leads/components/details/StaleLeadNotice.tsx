const TEXT = {
  message: 'This lead was changed by someone else. Nothing of yours was saved; it has been reloaded, so check it and make your change again.',
  dismiss: 'Dismiss',
};

/** Said after a change was refused because another writer got there first (HTTP 412). */
export function StaleLeadNotice({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div className="lead-details__stale" role="alert">
      <p>{TEXT.message}</p>
      <button type="button" className="button button--secondary" onClick={onDismiss}>
        {TEXT.dismiss}
      </button>
    </div>
  );
}

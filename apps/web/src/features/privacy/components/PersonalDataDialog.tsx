import type { AccessRequest, Erasure } from '@lead-desk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Modal } from '../../../components/Modal';
import { accessLogKey, downloadPersonalData, erasePerson } from '../api/privacyApi';

const TEXT = {
  title: 'Personal data',
  description: 'Find a person by phone or email to download everything held about them, or to erase them here and at Vapi.',
  person: 'Phone or email',
  requestedBy: 'Who asked (for the erasure record)',
  download: 'Download their data',
  downloading: 'Preparing the archive…',
  erase: 'Erase this person',
  erasing: 'Erasing…',
  confirm: (person: string) => `Erase everything about ${person}? Their leads, calls, notes and activity are deleted for good.`,
  erased: (erasure: Erasure) =>
    `Erased ${erasure.records.leadIds.length === 1 ? '1 lead' : `${erasure.records.leadIds.length} leads`} and ${erasure.records.callIds.length === 1 ? '1 call' : `${erasure.records.callIds.length} calls`}; Vapi is asked to delete the calls until it confirms.`,
  needPerson: 'Enter a phone number or an email.',
  needRequester: 'Say who asked for the erasure.',
};

/** A phone or an email, as the privacy routes take them. */
function personOf(text: string): AccessRequest {
  const value = text.trim();
  return value.includes('@') ? { email: value } : { phone: value };
}

/** Download a person's data (access) or erase them (erasure), for admins. */
export function PersonalDataDialog({ onClose }: { onClose: () => void }) {
  const queryClient = useQueryClient();
  const [person, setPerson] = useState('');
  const [requestedBy, setRequestedBy] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const download = useMutation({
    mutationFn: downloadPersonalData,
    onSuccess: (zip) => {
      const url = URL.createObjectURL(zip);
      const link = Object.assign(document.createElement('a'), { href: url, download: 'personal-data.zip' });
      link.click();
      URL.revokeObjectURL(url);
      void queryClient.invalidateQueries({ queryKey: accessLogKey });
    },
  });
  const erasure = useMutation({ mutationFn: erasePerson, onSuccess: () => void queryClient.invalidateQueries({ queryKey: accessLogKey }) });
  const failure = download.error ?? erasure.error;

  const onDownload = () => {
    if (download.isPending) return;
    setProblem(null);
    if (!person.trim()) return setProblem(TEXT.needPerson);
    erasure.reset();
    download.mutate(personOf(person));
  };
  const onErase = (event: FormEvent) => {
    event.preventDefault();
    if (erasure.isPending) return;
    setProblem(null);
    if (!person.trim()) return setProblem(TEXT.needPerson);
    if (!requestedBy.trim()) return setProblem(TEXT.needRequester);
    if (!window.confirm(TEXT.confirm(person.trim()))) return;
    download.reset();
    erasure.mutate({ ...personOf(person), requestedBy: requestedBy.trim() });
  };

  return (
    <Modal onClose={onClose} title={TEXT.title} description={TEXT.description}>
      <form className="personal-data" onSubmit={onErase}>
        <label>
          {TEXT.person}
          <input value={person} onChange={(event) => setPerson(event.target.value)} autoComplete="off" spellCheck={false} />
        </label>
        <button type="button" className="button button--secondary" onClick={onDownload} aria-disabled={download.isPending || undefined}>
          {download.isPending ? TEXT.downloading : TEXT.download}
        </button>
        <label>
          {TEXT.requestedBy}
          <input value={requestedBy} onChange={(event) => setRequestedBy(event.target.value)} autoComplete="off" />
        </label>
        <button type="submit" className="button button--primary" aria-disabled={erasure.isPending || undefined}>
          {erasure.isPending ? TEXT.erasing : TEXT.erase}
        </button>
        {(problem ?? failure) && (
          <p className="form-error" role="alert">
            {problem ?? failure?.message}
          </p>
        )}
        <p role="status">{erasure.data && TEXT.erased(erasure.data)}</p>
      </form>
    </Modal>
  );
}

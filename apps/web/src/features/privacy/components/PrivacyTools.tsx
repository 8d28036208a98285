import { ScrollText, UserX } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import '../privacy.css';

const TEXT = { accessLog: 'Access log', personalData: 'Personal data' };

// Opened rarely, by admins only: their code is fetched on first use.
const AccessLogDialog = lazy(() => import('./AccessLogDialog').then((module) => ({ default: module.AccessLogDialog })));
const PersonalDataDialog = lazy(() => import('./PersonalDataDialog').then((module) => ({ default: module.PersonalDataDialog })));

/** For admins: the access log, and a person's data (download or erase). */
export function PrivacyTools() {
  const [open, setOpen] = useState<'log' | 'person' | null>(null);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen('log')}>
        <ScrollText aria-hidden size={18} />
        {TEXT.accessLog}
      </button>
      <button type="button" className="button button--secondary" onClick={() => setOpen('person')}>
        <UserX aria-hidden size={18} />
        {TEXT.personalData}
      </button>
      <Suspense fallback={null}>
        {open === 'log' && <AccessLogDialog onClose={() => setOpen(null)} />}
        {open === 'person' && <PersonalDataDialog onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}

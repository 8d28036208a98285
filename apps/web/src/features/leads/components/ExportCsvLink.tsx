import { Download } from 'lucide-react';
import { exportCsvUrl } from '../api/leadsApi';
import type { LeadView } from '../types';

const TEXT = { label: 'Export CSV' };

/** Downloads leads.csv with the leads of the current filter and search, streamed by the server. */
export function ExportCsvLink({ view }: { view: LeadView }) {
  return (
    <a className="button button--secondary" href={exportCsvUrl(view)} download="leads.csv">
      <Download aria-hidden size={18} />
      {TEXT.label}
    </a>
  );
}

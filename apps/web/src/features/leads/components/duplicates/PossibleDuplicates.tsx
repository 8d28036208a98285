import { Users } from 'lucide-react';
import { Suspense, useState } from 'react';
import { PossibleDuplicatesDialog } from '../lazyDialogs';

const TEXT = { open: 'Possible duplicates' };

/** For all staff: "Possible duplicates" opens the pairs of leads that may be one person. */
export function PossibleDuplicates() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        <Users aria-hidden size={18} />
        {TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PossibleDuplicatesDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

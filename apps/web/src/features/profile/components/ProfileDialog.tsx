import { ErrorNotice } from '../../../components/ErrorNotice';
import { Modal } from '../../../components/Modal';
import { useMyProfile } from '../hooks/useMyProfile';
import { CalendarFeedSection } from './CalendarFeedSection';
import { ProfileForm } from './ProfileForm';

const TEXT = {
  title: 'My profile',
  description: 'How the AI agent reaches you and books your visits, and your calendar feed.',
  loading: 'Loading your profile…',
  failed: 'Could not load your profile',
};

/** The signed-in member's own settings: phone, working hours and calendar feed. */
export function ProfileDialog({ onClose }: { onClose: () => void }) {
  const my = useMyProfile();
  const { profile } = my;
  return (
    <Modal onClose={onClose} title={TEXT.title} description={TEXT.description}>
      <div className="profile">
        {profile.isPending && <p role="status">{TEXT.loading}</p>}
        {profile.error && <ErrorNotice title={TEXT.failed} error={profile.error} onRetry={() => void profile.refetch()} />}
        {profile.data && (
          <>
            <ProfileForm profile={profile.data} onSave={(changes) => my.update.mutateAsync({ id: profile.data.id, changes })} />
            <CalendarFeedSection hasFeed={profile.data.calendarFeed} feed={my} />
          </>
        )}
      </div>
    </Modal>
  );
}

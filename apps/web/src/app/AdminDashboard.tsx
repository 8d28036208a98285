import { SessionControls, SignInForm, useSession } from '../features/auth';
import { CallingRules } from '../features/compliance';
import { WebhookInbox } from '../features/inbox';
import { LeadDashboardPanel, leadDetailsHref, LeadManagement, openLeadDetails, WhatsappArrivals } from '../features/leads';
import { PrivacyTools } from '../features/privacy';
import { PropertyInventory } from '../features/properties';
import { MyProfile } from '../features/profile';
import { LeadSources } from '../features/sources';
import { SpeedToLead } from '../features/speed-to-lead';
import { FollowUps, type LeadOpener } from '../features/tasks';
import { WhatsappAdmin } from '../features/whatsapp';
import { ErrorNotice } from '../components/ErrorNotice';

const TEXT = {
  checking: 'Checking your session…',
  failed: 'Could not reach the dashboard',
};

/** A task's lead opens in the leads' own details panel. */
const leadOpener: LeadOpener = { href: leadDetailsHref, open: openLeadDetails };

/** Composes the staff dashboard: the lead management for whoever may see it, the sign-in form for everyone else. */
export function AdminDashboard() {
  const session = useSession();
  const { data } = session;
  const administers = data?.authMode === 'open' || data?.staff?.role === 'admin';
  return (
    <LeadDashboardPanel
      session={
        data && (
          <>
            {administers && <LeadSources />}
            {administers && <PropertyInventory />}
            {administers && <WebhookInbox />}
            {administers && <PrivacyTools />}
            {administers && <CallingRules />}
            {administers && <WhatsappAdmin />}
            <SpeedToLead />
            {data.staff && <MyProfile />}
            <SessionControls session={data} />
          </>
        )
      }
    >
      {session.isPending ? (
        <p role="status">{TEXT.checking}</p>
      ) : session.error ? (
        <ErrorNotice title={TEXT.failed} error={session.error} onRetry={() => void session.refetch()} />
      ) : data ? (
        <>
          <FollowUps signedIn={Boolean(data.staff)} leadOpener={leadOpener} />
          <WhatsappArrivals />
          <LeadManagement canTransferFiles={administers} viewer={data} />
        </>
      ) : (
        <SignInForm />
      )}
    </LeadDashboardPanel>
  );
}

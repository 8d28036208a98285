export { sessionKey } from './api/authApi';
export { fetchStaff, staffKey } from './api/staffApi';
export { SessionControls } from './components/SessionControls';
export { SignInForm } from './components/SignInForm';
export { useSession } from './hooks/useSession';

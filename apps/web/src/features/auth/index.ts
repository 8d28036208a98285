export { sessionKey } from './api/authApi';
export { SessionControls } from './components/SessionControls';
export { SignInForm } from './components/SignInForm';
export { useSession } from './hooks/useSession';
export { fetchStaff, staffKey } from './api/staffApi';

export { sessionKey } from './api/authApi';
export { fetchStaff, staffKey } from './api/staffApi';
export { SessionControls } from './components/SessionControls';
export { LazySignInForm as SignInForm } from './components/LazySignInForm';
export { useSession } from './hooks/useSession';

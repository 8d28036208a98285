export { sessionKey } from './api/authApi';
export { SessionControls } from './components/SessionControls';
export { LazySignInForm as SignInForm } from './components/LazySignInForm';
export { useSession } from './hooks/useSession';

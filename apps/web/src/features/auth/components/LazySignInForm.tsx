import { lazy, Suspense } from 'react';

// The form and its validation (react-hook-form, zod) are fetched only when someone has to
// sign in: with the dashboard open, or a session already there, the page never needs them.
const SignInForm = lazy(() => import('./SignInForm').then((module) => ({ default: module.SignInForm })));

const TEXT = { loading: 'Loading the sign-in form…' };

export function LazySignInForm() {
  return (
    <Suspense fallback={<p role="status">{TEXT.loading}</p>}>
      <SignInForm />
    </Suspense>
  );
}

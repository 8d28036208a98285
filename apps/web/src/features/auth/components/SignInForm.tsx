import { signInSchema } from '@lead-desk/contracts';
import { LogIn } from 'lucide-react';
import { useId } from 'react';
import { FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useContractForm } from '../../../lib/forms/useContractForm';
import { useSignIn } from '../hooks/useSession';
import '../auth.css';

const TEXT = {
  title: 'Staff sign-in',
  intro: 'Leads are personal data: sign in with your staff account to see and manage them.',
  labels: { email: 'Email', password: 'Password' },
  submit: 'Sign in',
  signingIn: 'Signing in…',
};

/** Shown when the API answers 401: the way in for staff. */
export function SignInForm() {
  const titleId = useId();
  const signIn = useSignIn();
  const { form, fieldError, formError, submitWith } = useContractForm(signInSchema, {
    defaultValues: { email: '', password: '' },
    labels: TEXT.labels,
  });

  return (
    <section className="sign-in" aria-labelledby={titleId}>
      <h3 id={titleId}>{TEXT.title}</h3>
      <p className="panel__subtitle">{TEXT.intro}</p>
      <form className="sign-in__form" noValidate onSubmit={submitWith((credentials) => signIn.mutateAsync(credentials))}>
        {formError && (
          <p className="form-error" role="alert">
            {formError}
          </p>
        )}
        <FormField label={TEXT.labels.email} error={fieldError('email')}>
          {(control) => <input {...control} {...form.register('email')} type="email" autoComplete="username" />}
        </FormField>
        <FormField label={TEXT.labels.password} error={fieldError('password')}>
          {(control) => <input {...control} {...form.register('password')} type="password" autoComplete="current-password" />}
        </FormField>
        <SubmitButton icon={LogIn} label={TEXT.submit} pendingLabel={TEXT.signingIn} pending={signIn.isPending} />
      </form>
    </section>
  );
}

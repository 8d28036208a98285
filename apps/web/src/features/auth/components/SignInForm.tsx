import { LogIn } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { focusFirstInvalid, FormField } from '../../../components/FormField';
import { SubmitButton } from '../../../components/SubmitButton';
import { useSignIn } from '../hooks/useSession';
import '../auth.css';

const TEXT = {
  title: 'Staff sign-in',
  intro: 'Leads are personal data: sign in with your staff account to see and manage them.',
  email: 'Email',
  password: 'Password',
  required: (label: string) => `${label} is required`,
  submit: 'Sign in',
  signingIn: 'Signing in…',
};

/** Shown when the API answers 401: the way in for staff. */
export function SignInForm() {
  const titleId = useId();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<{ email?: string; password?: string }>({});
  const [attempt, setAttempt] = useState(0);
  const signIn = useSignIn();

  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(form.current);
  }, [attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending) return;
    const required = {
      ...(email.trim() ? {} : { email: TEXT.required(TEXT.email) }),
      ...(password ? {} : { password: TEXT.required(TEXT.password) }),
    };
    setMissing(required);
    setAttempt((n) => n + 1);
    if (Object.keys(required).length === 0) signIn.mutate({ email: email.trim(), password });
  };

  return (
    <section className="sign-in" aria-labelledby={titleId}>
      <h3 id={titleId}>{TEXT.title}</h3>
      <p className="panel__subtitle">{TEXT.intro}</p>
      <form ref={form} className="sign-in__form" noValidate onSubmit={submit}>
        {signIn.error && (
          <p className="form-error" role="alert">
            {signIn.error.message}
          </p>
        )}
        <FormField label={TEXT.email} error={missing.email}>
          {(control) => <input {...control} type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />}
        </FormField>
        <FormField label={TEXT.password} error={missing.password}>
          {(control) => (
            <input {...control} type="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} />
          )}
        </FormField>
        <SubmitButton icon={LogIn} label={TEXT.submit} pendingLabel={TEXT.signingIn} pending={signIn.isPending} />
      </form>
    </section>
  );
}

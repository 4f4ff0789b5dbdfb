import { messages, type LoginRequest } from '@consultorio/shared';
import { Button, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { PasswordField } from '../../../components/password-field';
import { useLogin } from '../api/login';
import { checkLogin, loginMaxLength, type LoginErrors } from '../login-fields';

/**
 * Two fields, checked by `checkLogin` rather than react-hook-form and zod, which stay out of
 * the login page's JavaScript. As the other forms do, errors show after the first submit and
 * follow each change from then on, and the first field in error takes the focus.
 */
export function LoginForm() {
  const loginMutation = useLogin();
  const [values, setValues] = useState<LoginRequest>({ username: '', password: '' });
  const [errors, setErrors] = useState<LoginErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  const change = (field: keyof LoginRequest) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.currentTarget.value };
    setValues(next);
    if (submitted) setErrors(checkLogin(next).errors);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const checked = checkLogin(values);
    setErrors(checked.errors);
    if (checked.errors.username) usernameRef.current?.focus();
    else if (checked.errors.password) passwordRef.current?.focus();
    else loginMutation.mutate(checked.credentials);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack>
        <TextInput
          ref={usernameRef}
          name="username"
          label={messages.fields.username}
          placeholder={messages.placeholders.username}
          autoComplete="username"
          autoCapitalize="none"
          required
          maxLength={loginMaxLength.username}
          value={values.username}
          onChange={change('username')}
          error={errors.username}
        />
        <PasswordField
          ref={passwordRef}
          name="password"
          label={messages.fields.password}
          placeholder={messages.placeholders.password}
          autoComplete="current-password"
          required
          maxLength={loginMaxLength.password}
          value={values.password}
          onChange={change('password')}
          error={errors.password}
        />
        <Button type="submit" fullWidth disabled={loginMutation.isPending}>
          {loginMutation.isPending ? messages.login.submitting : messages.login.submit}
        </Button>
      </Stack>
    </form>
  );
}

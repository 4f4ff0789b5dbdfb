import { loginRequest, messages } from '@consultorio/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../../components/password-field';
import { useLogin } from '../api/login';

export function LoginForm() {
  const loginMutation = useLogin();
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(loginRequest),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = formState;
  const submit = handleSubmit((credentials) => loginMutation.mutate(credentials));

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack>
        <TextInput
          label={messages.fields.username}
          placeholder={messages.placeholders.username}
          autoComplete="username"
          autoCapitalize="none"
          required
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          label={messages.fields.password}
          placeholder={messages.placeholders.password}
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Button type="submit" fullWidth disabled={loginMutation.isPending}>
          {loginMutation.isPending ? messages.login.submitting : messages.login.submit}
        </Button>
      </Stack>
    </form>
  );
}

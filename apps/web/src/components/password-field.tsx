import { messages } from '@consultorio/shared';
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

/** Mantine's PasswordInput with a show/hide toggle labelled in Portuguese. */
export function PasswordField(props: PasswordInputProps) {
  const [visible, { toggle }] = useDisclosure(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={toggle}
      visibilityToggleButtonProps={{
        'aria-label': visible ? messages.fields.hidePassword : messages.fields.showPassword,
      }}
    />
  );
}

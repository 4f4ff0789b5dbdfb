import { genders, messages, type Gender } from '@consultorio/shared';
import { Select, type SelectProps } from '@mantine/core';

const genderOptions = genders.map((gender) => ({ value: gender, label: messages.genders[gender] }));

/** A select's value as a gender; '' for none or anything unknown. */
function asGender(value: string | null): Gender | '' {
  return genders.find((gender) => gender === value) ?? '';
}

interface GenderSelectProps extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** '' when not given. */
  value: Gender | '';
  onChange: (gender: Gender | '') => void;
}

/** Masculino, Feminino, Outro or Prefiro não informar, and clearable: a blank gender is allowed. */
export function GenderSelect({ value, onChange, ...props }: GenderSelectProps) {
  return (
    <Select
      placeholder={messages.placeholders.select}
      clearable
      {...props}
      data={genderOptions}
      value={value || null}
      onChange={(next) => onChange(asGender(next))}
    />
  );
}

import { ccForCountry, messages } from '@consultorio/shared';
import { SimpleGrid, TextInput } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { CountrySelect } from './country-select';

/** The contact inputs of a person's form, as text. */
interface ContactFieldValues {
  /** ISO code of the country, e.g. BR. */
  country: string;
  cc: string;
  phone: string;
}

interface ContactFieldsProps<TValues extends ContactFieldValues, TOutput> {
  form: UseFormReturn<TValues, unknown, TOutput>;
  /** The user's own contact: the browser may fill in the phone. Someone else's is never filled in. */
  isOwn?: boolean;
  disabled?: boolean;
}

/**
 * The country, then its calling code beside the phone: two cells, for a Stack or a grid.
 * Choosing a country sets its calling code (+55 when unknown); the code stays editable.
 */
export function ContactFields<TValues extends ContactFieldValues, TOutput>({
  form,
  isOwn = false,
  disabled,
}: ContactFieldsProps<TValues, TOutput>) {
  // react-hook-form's field paths of a generic form cannot see that TValues has these three fields.
  const { register, control, setValue, formState } = form as unknown as UseFormReturn<ContactFieldValues>;
  const { errors } = formState;

  const changeCountry = (code: string | null) => {
    if (code === null) return;
    setValue('country', code, { shouldDirty: true, shouldValidate: true });
    setValue('cc', ccForCountry(code), { shouldDirty: true, shouldValidate: formState.isSubmitted });
  };

  return (
    <>
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <CountrySelect
            label={messages.fields.country}
            value={field.value || null}
            onChange={changeCountry}
            onBlur={field.onBlur}
            disabled={disabled}
            error={errors.country?.message}
          />
        )}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput label={messages.fields.cc} disabled={disabled} error={errors.cc?.message} {...register('cc')} />
        <TextInput
          type="tel"
          label={messages.fields.phone}
          autoComplete={isOwn ? 'tel-national' : 'off'}
          disabled={disabled}
          error={errors.phone?.message}
          {...register('phone')}
        />
      </SimpleGrid>
    </>
  );
}

import { countryList, messages } from '@consultorio/shared';
import { Select, type SelectProps } from '@mantine/core';

const countryOptions = countryList.map((country) => ({ value: country.code, label: country.name }));

type CountrySelectProps = Omit<SelectProps, 'data' | 'searchable'>;

/** Searchable list of every country, by its Portuguese name; the value is the ISO code. */
export function CountrySelect(props: CountrySelectProps) {
  return (
    <Select
      searchable
      allowDeselect={false}
      nothingFoundMessage={messages.common.nothingFound}
      placeholder={messages.placeholders.searchCountry}
      {...props}
      data={countryOptions}
    />
  );
}

import countries from 'i18n-iso-countries';
import pt from 'i18n-iso-countries/langs/pt.json' with { type: 'json' };
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import { defaults } from './limits';

countries.registerLocale(pt);

export interface Country {
  /** ISO 3166-1 alpha-2 code, the value stored in `country`. */
  code: string;
  /** Name in Portuguese, as shown to the user. */
  name: string;
  /** International calling code with the plus sign, e.g. +55. */
  cc: string;
}

export const countryList: readonly Country[] = getCountries()
  .map((code) => ({
    code,
    name: countries.getName(code, 'pt') ?? '',
    cc: `+${getCountryCallingCode(code)}`,
  }))
  .filter((country) => country.name !== '')
  .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));

const byCode = new Map(countryList.map((country) => [country.code, country]));

export function findCountry(code: string | null | undefined): Country | undefined {
  return code ? byCode.get(code) : undefined;
}

/** The calling code for a country, falling back to +55 when the country is unknown. */
export function ccForCountry(code: string | null | undefined): string {
  return findCountry(code)?.cc ?? defaults.cc;
}

import { getThemeColor, Radio, RadioGroupContext, useMantineTheme } from '@mantine/core';
import { use, useId, type CSSProperties, type ReactNode } from 'react';

/** Mantine's InlineInput classes, which it does not export (answer-radio.test.tsx holds them to Mantine's own Radio). */
const inlineInputClasses = { root: 'm_5f75b09e', body: 'm_5f6e695e', labelWrapper: 'm_d3ea56bb', label: 'm_8ee546b8' };
const radioClasses = Radio.classes;

interface AnswerRadioProps {
  value: string;
  label: ReactNode;
  disabled?: boolean | undefined;
  readOnly?: boolean | undefined;
}

/**
 * One option of a 'radio' question: the element Mantine's `Radio` draws inside its `Radio.Group`
 * (the same tags, classes, attributes and CSS variable, so the same look, focus ring and
 * behaviour), without its styles machinery. A PHQ-9 has 40 options: drawn by Mantine's `Radio`
 * they were some 400 of the page's 650 components, a large part of its first render on a phone
 * (issue 34).
 */
export function AnswerRadio({ value, label, disabled, readOnly }: AnswerRadioProps) {
  const group = use(RadioGroupContext);
  const theme = useMantineTheme();
  const id = `mantine-${useId().replace(/[^\w-]/g, '')}`;
  const isChecked = group?.value === value;
  const isDisabled = group?.disabled ?? disabled;
  return (
    <div
      style={{ '--radio-color': getThemeColor(undefined, theme) } as CSSProperties}
      className={`${radioClasses.root} mantine-Radio-root ${inlineInputClasses.root} mantine-Radio-root`}
      data-label-position="right"
      data-checked={isChecked || undefined}
    >
      <div className={`${inlineInputClasses.body} mantine-Radio-body`}>
        <div className={`${radioClasses.inner} mantine-Radio-inner`} data-label-position="right">
          <input
            className={`mantine-focus-auto ${radioClasses.radio} mantine-Radio-radio`}
            data-with-error-styles="true"
            id={id}
            type="radio"
            value={value}
            name={group?.name}
            checked={isChecked}
            disabled={isDisabled}
            readOnly={readOnly}
            onChange={(event) => {
              if (!readOnly) group?.onChange(event);
            }}
          />
          <svg xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 5 5" aria-hidden="true" className={`${radioClasses.icon} mantine-Radio-icon`}>
            <circle cx="2.5" cy="2.5" r="2.5" fill="currentColor" />
          </svg>
        </div>
        <div className={`${inlineInputClasses.labelWrapper} mantine-Radio-labelWrapper`} data-disabled={isDisabled || undefined}>
          <label className={`${inlineInputClasses.label} mantine-Radio-label`} htmlFor={id} data-disabled={isDisabled || undefined}>
            {label}
          </label>
        </div>
      </div>
    </div>
  );
}

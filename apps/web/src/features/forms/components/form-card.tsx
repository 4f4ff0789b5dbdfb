import { messages, type Form } from '@consultorio/shared';
import { ItemCard } from '../../../components/item-card';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { FormLabels } from './form-labels';

interface FormCardProps {
  form: Form;
  onEdit: (form: Form) => void;
}

/** A form in the patient's list: its questionnaire as the label, its name, its dates. */
export function FormCard({ form, onEdit }: FormCardProps) {
  return (
    <ItemCard
      name={form.name}
      labels={<FormLabels qaTemplateName={form.qaTemplateName} isLocked={form.isLocked} isSubmitted={form.submittedAt !== null} />}
      details={[
        messages.forms.createdOn(formatDateTime(form.creationDate)),
        messages.forms.updatedOn(formatDateTime(form.lastUpdateDate)),
      ]}
      openTo={paths.patientForm(form.patientId, form.id)}
      openLabel={messages.forms.open}
      editLabel={messages.forms.edit}
      onEdit={() => onEdit(form)}
    />
  );
}

import { useParams, useSearchParams } from 'react-router';
import { QaTemplateScreen } from '../../features/forms/components/qa-template-screen';

/** /user/qa-templates/new (?from= a template to copy) and /user/qa-templates/:templateId. */
export function QaTemplatePage() {
  const { templateId } = useParams();
  const [search] = useSearchParams();
  const from = search.get('from') ?? undefined;
  return <QaTemplateScreen key={`${templateId ?? 'new'}:${from ?? ''}`} templateId={templateId} copyOfId={from} />;
}

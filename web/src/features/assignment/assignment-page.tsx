import { PageHeader } from '../../components/ui/page-header';
import { tr } from '../../i18n/tr';

/** Placeholder registered by the scaffold; the owning engineer replaces it. */
export function AssignmentPage() {
  return (
    <div className="page">
      <PageHeader title={tr.assignment.title} />
    </div>
  );
}

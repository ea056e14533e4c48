import { useTranslation } from 'react-i18next';
import { PlaceholderView } from '../components/PlaceholderView';

export type PlaceholderKind = 'scholarships' | 'jobs' | 'businesses' | 'venues';

export default function Placeholder({ kind }: { kind: PlaceholderKind }) {
  const { t } = useTranslation('placeholders');
  return <PlaceholderView title={t(`${kind}.title`)} subtitle={t(`${kind}.subtitle`)} />;
}

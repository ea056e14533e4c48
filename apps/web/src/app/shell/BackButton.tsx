import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Goes back one step; opened straight from a link (no history in this tab) it goes to the root instead. */
export function BackButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const onClick = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate('/');
  };
  return (
    // A plain button styled with the shell (layout.ts): Mantine's ActionIcon would bring its button
    // code into the first load of every page, `/` included, where this button is not shown.
    <button type="button" className="samaj-back" onClick={onClick} aria-label={t('back')}>
      <IconArrowLeft size={22} stroke={1.8} aria-hidden />
    </button>
  );
}

// The family details on the printed biodata (docs/product/matrimony.md, "Biodata"), in Gujarati like the rest
// of the sheet: the family (with gam, gotra and mosal) and birth, horoscope and diet. A section with nothing
// given is left off the paper.
import type { ChoiceLabel, FamilyDetails } from '@samaj/core';
import { useTranslation } from 'react-i18next';
import classes from '../Biodata.module.css';
import { CHOICE_LABELS } from './choices';

type Row = [label: string, value: string | null];

/** "2 પરિણીત, 1 અપરિણીત" from the two counts; null when neither is given. */
function siblings(
  married: number | null,
  unmarried: number | null,
  words: { married: string; unmarried: string },
): string | null {
  const parts = [
    married === null ? null : `${married} ${words.married}`,
    unmarried === null ? null : `${unmarried} ${words.unmarried}`,
  ].filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}

const gu = (labels: Record<string, ChoiceLabel>, value: string | null) =>
  value ? (labels[value]?.gu ?? null) : null;

function Section({ title, rows }: { title: string; rows: Row[] }) {
  const given = rows.filter(([, value]) => value !== null && value !== '');
  if (given.length === 0) return null;
  return (
    <section className={classes.section}>
      <h2 className={classes.sectionTitle}>{title}</h2>
      <table className={classes.table}>
        <tbody>
          {given.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

export function BiodataFamily({ family }: { family: FamilyDetails }) {
  const { t } = useTranslation('matrimony', { lng: 'gu', keyPrefix: 'biodata.family' });
  const words = { married: t('married'), unmarried: t('unmarried') };
  return (
    <>
      <Section
        title={t('title')}
        rows={[
          [t('fatherName'), family.fatherName],
          [t('fatherOccupation'), family.fatherOccupation],
          [t('motherName'), family.motherName],
          [t('brothers'), siblings(family.brothersMarried, family.brothersUnmarried, words)],
          [t('sisters'), siblings(family.sistersMarried, family.sistersUnmarried, words)],
          [t('mosal'), family.mosal],
          [t('gam'), family.gam],
          [t('city'), family.city],
          [t('income'), gu(CHOICE_LABELS.income, family.income)],
        ]}
      />
      <Section
        title={t('birthTitle')}
        rows={[
          [t('birthTime'), family.birthTime],
          [t('birthPlace'), family.birthPlace],
          [t('rashi'), gu(CHOICE_LABELS.rashi, family.rashi)],
          [t('manglik'), gu(CHOICE_LABELS.manglik, family.manglik)],
          [t('diet'), gu(CHOICE_LABELS.diet, family.diet)],
        ]}
      />
    </>
  );
}

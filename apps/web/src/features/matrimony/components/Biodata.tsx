// The printable one-page biodata of the member's own profile, always in Gujarati
// (docs/product/matrimony.md, "Biodata"): the strip's Biodata button calls window.print(), and the print
// stylesheet leaves only this sheet on the paper (the browser makes the PDF). Nothing here is sent anywhere.
import type { MyProfile } from '@samaj/core';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../../../lib/hydrated';
import classes from './Biodata.module.css';
import { BiodataFamily } from './family/BiodataFamily';
import { ownPhotoSrc } from './photos/ownPhoto';

/** dd/MM/yyyy of the stored yyyy-mm-dd, read as the calendar day it is (no time zone shift). */
const dayMonthYear = (dob: string) => dob.split('-').reverse().join('/');

export function Biodata({ profile }: { profile: MyProfile }) {
  const { t } = useTranslation('matrimony', { lng: 'gu', keyPrefix: 'biodata' });
  const hydrated = useHydrated();
  const row = (label: string, value: string | number | null | undefined) =>
    value === null || value === undefined || value === '' ? null : (
      <tr key={label}>
        <th scope="row">{label}</th>
        <td>{value}</td>
      </tr>
    );
  // All optional: a section with none of them given is left off the paper.
  const physical = [
    row(t('height'), profile.height ? `${profile.height} cm` : null),
    row(t('weight'), profile.weight ? `${profile.weight} kg` : null),
    row(t('complexion'), profile.complexion),
    row(t('eye_color'), profile.eye_color),
    row(t('hair_color'), profile.hair_color),
    row(t('blood_group'), profile.blood_group),
    row(t('disability'), profile.disability),
  ].filter((r) => r !== null);
  // Straight into <body> (no wrapper), so the print stylesheet can hide every other child of it: so only
  // in the browser, once the page is the app's (the server has no <body> to put it in).
  if (!hydrated) return null;
  return createPortal(
    <article className={classes.sheet} data-biodata="" aria-hidden>
      <header className={classes.header}>
        <div>
          <h1 className={classes.heading}>{t('title')}</h1>
          <p className={classes.name}>{profile.name}</p>
        </div>
        {profile.dp && <img className={classes.photo} src={ownPhotoSrc(profile.id, profile.dp, 0)} alt="" />}
      </header>
      <section className={classes.section}>
        <h2 className={classes.sectionTitle}>{t('personal')}</h2>
        <table className={classes.table}>
          <tbody>
            {row(t('dob'), dayMonthYear(profile.dob))}
            {row(t('age'), t('ageValue', { age: profile.age }))}
            {row(t('gender'), t(`genders.${profile.gender}`))}
            {row(t('gotra'), profile.gotra)}
            {row(t('education'), profile.education)}
            {row(t('career'), profile.career)}
          </tbody>
        </table>
      </section>
      {physical.length > 0 && (
        <section className={classes.section}>
          <h2 className={classes.sectionTitle}>{t('physical')}</h2>
          <table className={classes.table}>
            <tbody>{physical}</tbody>
          </table>
        </section>
      )}
      {profile.family && <BiodataFamily family={profile.family} />}
      <section className={classes.section}>
        <h2 className={classes.sectionTitle}>{t('about')}</h2>
        <p className={classes.text}>{profile.description}</p>
      </section>
      <section className={classes.section}>
        <h2 className={classes.sectionTitle}>{t('expectation')}</h2>
        <p className={classes.text}>{profile.expectation}</p>
      </section>
      <section className={classes.section}>
        <h2 className={classes.sectionTitle}>{t('contact')}</h2>
        <table className={classes.table}>
          <tbody>
            {row(t('phone'), profile.number)}
            {row(t('address'), profile.address)}
          </tbody>
        </table>
      </section>
    </article>,
    document.body,
  );
}

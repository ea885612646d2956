import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../ui/SelectField';
import { setSiteChoice, siteChoices } from './companySite';
import type { SiteChoice } from './companySite';

/**
 * "Company site" on the profile: what this device does when a link from the management company's site
 * opens the app (continue in the app, go to the site, or ask). Shown once a choice was remembered.
 */
export function SiteChoiceSection({ className, headingClassName }: { className?: string; headingClassName?: string }) {
  const { t } = useTranslation('companySite');
  // Kept for this visit even when set back to "ask", so the field does not vanish under the finger.
  const [choices, setChoices] = useState<{ site: string; choice: SiteChoice | 'ask' }[]>(siteChoices);
  if (choices.length === 0) return null;
  const change = (site: string, value: string) => {
    const choice: SiteChoice | null = value === 'app' || value === 'site' ? value : null;
    setSiteChoice(site, choice);
    setChoices((all) => all.map((c) => (c.site === site ? { site, choice: choice ?? 'ask' } : c)));
  };
  const options = [
    { value: 'ask', label: t('choice.ask') },
    { value: 'app', label: t('choice.app') },
    { value: 'site', label: t('choice.site') },
  ];

  return (
    <section aria-labelledby="profile-company-site" className={className}>
      <h2 id="profile-company-site" className={headingClassName}>
        {t('profile.title')}
      </h2>
      <p>{t('profile.intro')}</p>
      {choices.map(({ site, choice }) => (
        <SelectField
          key={site}
          label={t('profile.when', { host: new URL(site).host })}
          hint={site}
          value={choice}
          onValueChange={(v) => change(site, v)}
          options={options}
        />
      ))}
    </section>
  );
}

import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { languages, type Language } from '@zapdesk/contracts';
import { changeLanguage } from '../app/i18n/changeLanguage';

/** Language picker (pt, en, es); `onChanged` runs after the switch, e.g. to store it on the user. */
export function LanguageMenu({
  onChanged,
  color = 'inherit',
}: {
  onChanged?: (language: Language) => void;
  color?: 'inherit' | 'primary';
}) {
  const { t, i18n } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const current = (i18n.resolvedLanguage ?? i18n.language).slice(0, 2);

  const choose = (language: Language) => {
    setAnchor(null);
    void changeLanguage(language).then(() => onChanged?.(language));
  };

  return (
    <>
      <Button
        data-testid="language-menu-button"
        color={color}
        size="small"
        startIcon={<TranslateIcon />}
        // The name keeps the visible code ("EN") so speech users can say what they see (axe).
        aria-label={`${t('language.menu')}: ${current.toUpperCase()}`}
        aria-haspopup="menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, px: 1 }}
      >
        {current.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {languages.map((language) => (
          <MenuItem
            key={language}
            data-testid={`language-option-${language}`}
            selected={language === current}
            lang={language}
            onClick={() => choose(language)}
          >
            {t(`language.${language}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

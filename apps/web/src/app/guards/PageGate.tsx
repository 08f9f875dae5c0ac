import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';

export type GateRefusal = 'noPermission' | 'unauthorized' | 'superOnly';

export const GATE_REDIRECT_MS = 1000;

/**
 * A page the company's plan (or the user) may not open: a toast, then home after 1 s (spec 2 section 6).
 */
export function PageGate({
  allowed,
  refusal,
  children,
}: {
  allowed: boolean;
  refusal: GateRefusal;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toasted = useRef(false);

  useEffect(() => {
    if (allowed) return;
    if (!toasted.current) {
      toasted.current = true;
      if (refusal === 'noPermission') toast.error(t('toasts.noPermissionRedirect'));
      else if (refusal === 'unauthorized') toast.error(t('toasts.unauthorized'));
      else toast.info(t('toasts.announcementsSuperOnly'));
    }
    const timer = setTimeout(() => void navigate('/', { replace: true }), GATE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [allowed, refusal, navigate, t]);

  return allowed ? children : null;
}

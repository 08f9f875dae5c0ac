import { useState } from 'react';
import useMediaQuery from '@mui/material/useMediaQuery';

const WIDE_QUERY = '(min-width: 1201px)';
const OVERLAY_QUERY = '(max-width: 599.95px)';

/** Drawer state (spec 1 section 2): open by default above 1200 px, a closed overlay under 600 px. */
export function useDrawerState() {
  const overlay = useMediaQuery(OVERLAY_QUERY, { noSsr: true });
  const [dockedOpen, setDockedOpen] = useState(() => window.matchMedia(WIDE_QUERY).matches);
  const [overlayOpen, setOverlayOpen] = useState(false);

  const open = overlay ? overlayOpen : dockedOpen;
  const setOpen = overlay ? setOverlayOpen : setDockedOpen;
  return {
    overlay,
    open,
    toggle: () => setOpen((value) => !value),
    close: () => setOpen(false),
  };
}

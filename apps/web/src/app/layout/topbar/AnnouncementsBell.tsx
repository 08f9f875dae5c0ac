import { useState } from 'react';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import { useTranslation } from 'react-i18next';
import { AnnouncementDialog } from '../../../features/announcements/components/AnnouncementDialog';
import { useAnnouncementFirstPage, type AnnouncementSummary } from '../../../features/announcements/api';
import { useAnnouncementsLive } from '../../../features/announcements/realtime';
import { BellButton, EmptyBellList } from './BellButton';

const priorityKey = (priority: number) =>
  priority === 1
    ? 'announcements.priority1'
    : priority === 2
      ? 'announcements.priority2'
      : 'announcements.priority3';

/** Active announcements; one opens in a viewer dialog. */
export function AnnouncementsBell() {
  const { t } = useTranslation('layout');
  const { data } = useAnnouncementFirstPage();
  const [opened, setOpened] = useState<AnnouncementSummary | null>(null);
  useAnnouncementsLive();
  const records = (data?.records ?? []).filter((record) => record.status !== false);

  return (
    <>
      <BellButton
        testId="announcements-button"
        label={t('announcements.title')}
        icon={<CampaignOutlined />}
        count={records.length}
      >
        {(close) =>
          records.length === 0 ? (
            <EmptyBellList text={t('announcements.empty')} />
          ) : (
            <List dense>
              {records.map((record) => (
                <ListItemButton
                  key={record.id}
                  onClick={() => {
                    close();
                    setOpened(record);
                  }}
                >
                  <ListItemText
                    primary={record.title}
                    secondary={t(priorityKey(record.priority))}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItemButton>
              ))}
            </List>
          )
        }
      </BellButton>
      <AnnouncementDialog announcement={opened} onClose={() => setOpened(null)} />
    </>
  );
}

import type { SvgIconComponent } from '@mui/icons-material';
import type { Ability } from '@zapdesk/contracts';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AllInclusive from '@mui/icons-material/AllInclusive';
import AnnouncementOutlined from '@mui/icons-material/AnnouncementOutlined';
import AttachFile from '@mui/icons-material/AttachFile';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import Checklist from '@mui/icons-material/Checklist';
import CodeRounded from '@mui/icons-material/CodeRounded';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DeviceHubOutlined from '@mui/icons-material/DeviceHubOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import FlashOnOutlined from '@mui/icons-material/FlashOnOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import HelpOutline from '@mui/icons-material/HelpOutline';
import ListOutlined from '@mui/icons-material/ListOutlined';
import LocalAtmOutlined from '@mui/icons-material/LocalAtmOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PhoneAndroidOutlined from '@mui/icons-material/PhoneAndroidOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SyncAlt from '@mui/icons-material/SyncAlt';
import ViewKanbanOutlined from '@mui/icons-material/ViewKanbanOutlined';
import WhatsApp from '@mui/icons-material/WhatsApp';
import type { PlanFlags } from '../../../features/plans/planFlags';
import { isSimulatorAvailable } from '../../../features/simulator/availability';
import type { Resources } from '../../i18n/namespaces';

export type MenuLabelKey = keyof Resources['layout']['menu'];

/** What decides which entries a user sees. */
export interface MenuContext {
  /** Whether the user holds an ability (useAbilities). */
  can: (ability: Ability) => boolean;
  flags: PlanFlags;
  campaignsFlag: boolean;
}

export interface MenuLink {
  path: string;
  label: MenuLabelKey;
  icon: SvgIconComponent;
  badge?: 'chats' | 'connections';
  visible?: (context: MenuContext) => boolean;
}

export interface MenuGroup {
  id: string;
  label: MenuLabelKey;
  icon: SvgIconComponent;
  children: MenuLink[];
  visible: (context: MenuContext) => boolean;
}

export type MenuEntry = MenuLink | MenuGroup;

export const isGroup = (entry: MenuEntry): entry is MenuGroup => 'children' in entry;

/** `drawer-item-<path without slash>`; the dashboard (/) is `drawer-item-dashboard`. */
export const drawerTestId = (path: string): string => `drawer-item-${path.slice(1) || 'dashboard'}`;

/** Everyone's entries (spec 1 section 2), the dashboard first for admins. */
export const mainMenu: MenuLink[] = [
  { path: '/', label: 'dashboard', icon: DashboardOutlined, visible: (c) => c.can('dashboard.view') },
  { path: '/tickets', label: 'tickets', icon: WhatsApp },
  { path: '/kanban', label: 'kanban', icon: ViewKanbanOutlined, visible: (c) => c.flags.useKanban },
  { path: '/quick-messages', label: 'quickMessages', icon: FlashOnOutlined },
  { path: '/todolist', label: 'todolist', icon: Checklist },
  { path: '/contacts', label: 'contacts', icon: ContactPhoneOutlined },
  { path: '/schedules', label: 'schedules', icon: EventOutlined, visible: (c) => c.flags.useSchedules },
  { path: '/tags', label: 'tags', icon: LocalOfferOutlined },
  {
    path: '/chats',
    label: 'chats',
    icon: ForumOutlined,
    badge: 'chats',
    visible: (c) => c.flags.useInternalChat,
  },
  { path: '/helps', label: 'helps', icon: HelpOutline },
];

/** The administration section, shown to holders of `administration.view` (admins). */
export const adminMenu: MenuEntry[] = [
  {
    id: 'campaigns',
    label: 'campaigns',
    icon: CampaignOutlined,
    visible: (c) => c.flags.useCampaigns || c.campaignsFlag,
    children: [
      { path: '/campaigns', label: 'campaignsList', icon: ListOutlined },
      { path: '/contact-lists', label: 'contactLists', icon: PeopleOutlined },
      { path: '/campaigns-config', label: 'campaignsConfig', icon: SettingsOutlined },
    ],
  },
  {
    path: '/announcements',
    label: 'announcements',
    icon: AnnouncementOutlined,
    visible: (c) => c.can('announcements.manage'),
  },
  { path: '/prompts', label: 'prompts', icon: AllInclusive, visible: (c) => c.flags.useOpenAi },
  {
    path: '/queue-integration',
    label: 'queueIntegration',
    icon: DeviceHubOutlined,
    visible: (c) => c.flags.useIntegrations,
  },
  { path: '/connections', label: 'connections', icon: SyncAlt, badge: 'connections' },
  // The built-in test phone, offered only when the server runs it.
  {
    path: '/simulator',
    label: 'simulator',
    icon: PhoneAndroidOutlined,
    visible: () => isSimulatorAvailable(),
  },
  { path: '/files', label: 'files', icon: AttachFile },
  { path: '/queues', label: 'queues', icon: AccountTreeOutlined },
  { path: '/users', label: 'users', icon: PeopleAltOutlined },
  { path: '/messages-api', label: 'messagesApi', icon: CodeRounded, visible: (c) => c.flags.useExternalApi },
  { path: '/financeiro', label: 'financeiro', icon: LocalAtmOutlined },
  { path: '/settings', label: 'settings', icon: SettingsOutlined },
];

export const isVisible = (entry: MenuEntry, context: MenuContext): boolean =>
  entry.visible ? entry.visible(context) : true;

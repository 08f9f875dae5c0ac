import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  routes,
  type CampaignInput,
  type CampaignSettingsInput,
  type CampaignSettingView,
  type CampaignView,
  type FileListView,
  type ListCampaignsAnswer,
  type ListFilesAnswer,
} from '@zapdesk/contracts';
import { callRoute } from '../../lib/api/client';
import { containsText, removeFromLists, upsertInLists } from '../../lib/lists/liveCache';
import type { RecordPage } from '../../lib/lists/pages';
import { usePagedSearch } from '../../lib/lists/usePagedSearch';

export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'list'] as const,
  one: (id: number) => [...campaignKeys.all, 'one', id] as const,
  settings: ['campaign-settings'] as const,
};

export function useCampaigns() {
  return usePagedSearch({
    key: campaignKeys.lists(),
    fetchPage: async (search, pageNumber, signal): Promise<RecordPage<CampaignView>> => {
      const answer = await callRoute<typeof routes.campaigns.list, ListCampaignsAnswer>(
        routes.campaigns.list,
        {
          query: { searchParam: search, pageNumber },
          signal,
        },
      );
      return { records: answer.records, hasMore: answer.hasMore };
    },
  });
}

export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKeys.one(id),
    queryFn: (): Promise<CampaignView> => callRoute(routes.campaigns.get, { params: { id } }),
  });
}

export function useApplyCampaign() {
  const client = useQueryClient();
  return {
    upsert: (campaign: CampaignView) => {
      upsertInLists(client, campaignKeys.lists(), campaign, (c, search) => containsText(c.name, search));
      client.setQueryData(campaignKeys.one(campaign.id), campaign);
    },
    remove: (id: number) => removeFromLists<CampaignView>(client, campaignKeys.lists(), id),
  };
}

/**
 * Saves the dialog. When the attachment changed, the campaign is first saved unscheduled (so the start sweep
 * cannot take it before its file is there), the file is uploaded or removed, and then it is scheduled.
 */
export function useSaveCampaign() {
  const apply = useApplyCampaign();
  return useMutation({
    mutationFn: async ({
      id,
      body,
      media,
    }: {
      id?: number;
      body: CampaignInput;
      media?: File | null;
    }): Promise<CampaignView> => {
      const save = (campaignId: number | undefined, input: CampaignInput): Promise<CampaignView> =>
        campaignId === undefined
          ? callRoute(routes.campaigns.create, { body: input })
          : callRoute(routes.campaigns.update, { params: { id: campaignId }, body: input });
      if (media === undefined) return save(id, body);
      const draft = await save(id, { ...body, scheduledAt: null });
      if (media) {
        const form = new FormData();
        form.append('file', media);
        await callRoute(routes.campaigns.uploadMedia, { params: { id: draft.id }, body: form });
      } else if (draft.mediaPath) {
        await callRoute(routes.campaigns.removeMedia, { params: { id: draft.id } });
      }
      return save(draft.id, body);
    },
    onSuccess: apply.upsert,
  });
}

export function useDeleteCampaign() {
  const apply = useApplyCampaign();
  return useMutation({
    mutationFn: (id: number) => callRoute(routes.campaigns.remove, { params: { id } }),
    onSuccess: (_answer, id) => apply.remove(id),
  });
}

/** POST /campaigns/:id/cancel or /restart (204); the `-campaign` event brings the new status. */
export function useCampaignTransition() {
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: 'cancel' | 'restart' }) =>
      callRoute(action === 'cancel' ? routes.campaigns.cancel : routes.campaigns.restart, { params: { id } }),
  });
}

export function useCampaignSettings() {
  return useQuery({
    queryKey: campaignKeys.settings,
    queryFn: (): Promise<CampaignSettingView[]> => callRoute(routes.campaigns.settings),
  });
}

export function useSaveCampaignSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: CampaignSettingsInput['settings']): Promise<CampaignSettingView[]> =>
      callRoute(routes.campaigns.saveSettings, { body: { settings } }),
    onSuccess: (rows) => client.setQueryData(campaignKeys.settings, rows),
  });
}

/** The file lists and connections the dialog offers. */
export function useFileListOptions() {
  return useQuery({
    queryKey: ['files', 'options'],
    queryFn: async (): Promise<FileListView[]> =>
      (
        await callRoute<typeof routes.files.list, ListFilesAnswer>(routes.files.list, {
          query: { pageNumber: 1 },
        })
      ).files,
  });
}

export function useConnectionOptions() {
  return useQuery({
    queryKey: ['whatsapp', 'options'],
    queryFn: (): Promise<Array<{ id: number; name: string }>> => callRoute(routes.whatsapps.list),
  });
}

export function useTagOptions() {
  return useQuery({
    queryKey: ['tags', 'options'],
    queryFn: (): Promise<Array<{ id: number; name: string }>> => callRoute(routes.tags.listAll),
  });
}

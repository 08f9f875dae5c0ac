/** The name an attachment is stored and listed under: spaces become underscores (spec 2 section 5). */
export const attachmentName = (name: string): string => name.replace(/\s/g, '_');

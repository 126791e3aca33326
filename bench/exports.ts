export async function runExportsBench(): Promise<void> {}

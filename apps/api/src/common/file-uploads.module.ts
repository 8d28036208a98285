import { MulterModule } from '@nestjs/platform-express';
import { memoryStorage } from 'multer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** One uploaded file per request, in memory, up to IMPORT_MAX_BYTES (413 above): imports, import jobs, the DND scrub list. */
export function fileUploadsModule() {
  return MulterModule.registerAsync({
    inject: [APP_CONFIG],
    useFactory: (config: AppConfig) => ({ storage: memoryStorage(), limits: { fileSize: config.IMPORT_MAX_BYTES, files: 1 } }),
  });
}

package com.courtrush.retention;

import com.courtrush.audit.AuditLog;
import com.courtrush.core.Csv;
import com.courtrush.core.EngineText;
import com.courtrush.infra.config.CourtRushProperties;
import com.courtrush.infra.config.DataDirectory;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The audit trail's entries past {@code AUDIT_DAYS}, archived before they leave the database: each sweep that removes
 * some writes one dated file, {@code <archive-dir>/audit/audit-<yyyyMMdd-HHmmss>.csv.gz} (gzip of a CSV as the
 * audit's export writes it — UTF-8 with a byte-order mark, formula-looking text neutralised — with each entry's id,
 * and its detail in the gym's language), private to the user. A batch's entries are in the file, forced to disk,
 * before the transaction that removes them: a crash between the two leaves them in the database, and the next sweep
 * archives them again (the same ids in two files), never neither.
 */
@Component
class AuditArchive {

    private static final DateTimeFormatter NAME = DateTimeFormatter.ofPattern("'audit-'yyyyMMdd-HHmmss'.csv.gz'");
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    /** The console's language: staff read the archive as they read the trail. */
    private static final Locale GYM = Locale.SIMPLIFIED_CHINESE;

    private final RetentionMapper mapper;
    private final TransactionTemplate transactions;
    private final Path directory;
    private final Clock clock;

    AuditArchive(
            RetentionMapper mapper, TransactionTemplate transactions, CourtRushProperties properties, Clock clock) {
        this.mapper = mapper;
        this.transactions = transactions;
        this.directory = properties.history().archiveDirIn(properties.dataDir()).resolve("audit");
        this.clock = clock;
    }

    /** What a sweep of the audit removed, the file it archived them to (null: none), whether more is left. */
    record Archived(long removed, String file, boolean more) {}

    /** Archives, then removes, the entries made before {@code before}, oldest first, batch by batch. */
    Archived archiveAndRemove(LocalDateTime before, int batch, int mostBatches) {
        long after = 0;
        long removed = 0;
        Path file = null;
        OutputStream out = null;
        FileChannel channel = null;
        try {
            for (int round = 0; round < mostBatches; round++) {
                List<RetentionMapper.AuditRow> rows = mapper.audit(after, batch);
                List<RetentionMapper.AuditRow> old = new ArrayList<>();
                for (RetentionMapper.AuditRow row : rows) {
                    if (!row.createTime().isBefore(before)) {
                        break;
                    }
                    old.add(row);
                }
                if (!old.isEmpty()) {
                    if (out == null) {
                        DataDirectory.prepare(directory);
                        file = newFile();
                        channel = FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                        DataDirectory.tighten(directory);
                        out = new GZIPOutputStream(java.nio.channels.Channels.newOutputStream(channel), true);
                        out.write(Csv.write(List.of(List.of(
                                "id", "time", "actor", "actorRole", "action", "targetType", "targetId", "detail"))));
                    }
                    out.write(lines(old));
                    out.flush();
                    channel.force(true); // on disk before they leave the database
                    List<Long> ids =
                            old.stream().map(RetentionMapper.AuditRow::id).toList();
                    removed += transactions.execute(status -> mapper.removeAudit(ids));
                    after = old.get(old.size() - 1).id();
                }
                if (old.size() < rows.size() || rows.size() < batch) {
                    return new Archived(removed, file == null ? null : file.toString(), false);
                }
                HistoryRetention.pause();
            }
            return new Archived(removed, file == null ? null : file.toString(), true);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the audit's archive " + file, e);
        } finally {
            close(out, file);
        }
    }

    private Path newFile() {
        LocalDateTime at = LocalDateTime.now(clock);
        Path file = directory.resolve(at.format(NAME));
        while (Files.exists(file)) {
            at = at.plusSeconds(1);
            file = directory.resolve(at.format(NAME));
        }
        return file;
    }

    /** The entries as CSV lines (no byte-order mark: they follow the header's). */
    private static byte[] lines(List<RetentionMapper.AuditRow> rows) {
        List<List<?>> lines = new ArrayList<>();
        for (RetentionMapper.AuditRow row : rows) {
            EngineText worded = AuditLog.decode(row.detail());
            lines.add(Arrays.asList(
                    row.id(),
                    TIME.format(row.createTime()),
                    row.actor(),
                    row.actorRole(),
                    row.action(),
                    row.targetType(),
                    row.targetId(),
                    worded == null ? row.detail() : worded.in(GYM)));
        }
        byte[] csv = Csv.write(lines);
        int bom = Csv.BOM.getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
        return Arrays.copyOfRange(csv, bom, csv.length);
    }

    private static void close(OutputStream out, Path file) {
        if (out == null) {
            return;
        }
        try {
            out.close();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot finish the audit's archive " + file, e);
        }
    }
}

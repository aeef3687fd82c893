package com.courtrush.desktop.till;

import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.till.api.ReceiptView;
import java.awt.print.PrinterException;
import java.awt.print.PrinterJob;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.fontbox.ttf.TrueTypeCollection;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.PDRectangle;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.printing.PDFPageable;

/**
 * A receipt as paper (issue 52): a PDF of a till roll's width (80 mm) in the console's language, its text set in the
 * console's own CJK font (embedded, so any viewer shows the student's name), saved where staff choose or sent to the
 * system's printer.
 */
public final class ReceiptDocuments {

    /** A till roll's width: 80 mm, in points. */
    static final float WIDTH = 80 / 25.4f * 72;

    /** Times as a person reads them on paper: 14:00, never 14:00:00. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");
    private static final String STAFF = "staff:";
    private static final float MARGIN = 12;
    private static final float SIZE = 9;
    private static final float LEADING = 13;

    private final I18n i18n;
    private final UiTasks tasks;
    private final Notices notices;

    public ReceiptDocuments(I18n i18n, UiTasks tasks, Notices notices) {
        this.i18n = i18n;
        this.tasks = tasks;
        this.notices = notices;
    }

    /** The receipt's lines, as printed. */
    List<String> lines(ReceiptView receipt) {
        List<String> lines = new ArrayList<>();
        lines.add(receipt.gymName());
        if (receipt.venueNameZh() != null || receipt.venueNameEn() != null) {
            lines.add(i18n.either(receipt.venueNameZh(), receipt.venueNameEn())); // the venue whose desk took it
        }
        lines.add(i18n.t(receipt.refund() ? "till.receiptRefundTitle" : "till.receiptPaymentTitle"));
        lines.add("");
        lines.add(i18n.t("till.receiptNoLine", receipt.receiptNo()));
        lines.add(i18n.t("till.receiptTime", STAMP.format(receipt.time())));
        lines.add(i18n.t("till.receiptStudent", receipt.studentName(), receipt.studentId()));
        lines.add(i18n.t(
                "till.receiptBooking",
                receipt.courtName(),
                receipt.slotDate(),
                TIME.format(receipt.startTime()) + "–" + TIME.format(receipt.endTime()),
                receipt.reservationId()));
        lines.add(i18n.t("till.receiptOrder", receipt.outTradeNo()));
        if (receipt.outRefundNo() != null) {
            lines.add(i18n.t("till.receiptRefundNo", receipt.outRefundNo()));
        }
        lines.add(i18n.t("till.receiptChannel", i18n.of(receipt.channel())));
        lines.add("");
        lines.add(i18n.t(
                receipt.refund() ? "till.receiptAmountBack" : "till.receiptAmountTaken",
                Inputs.yuan(receipt.amountCents())));
        lines.add("");
        lines.add(handledBy(receipt));
        return lines;
    }

    /**
     * Who took or gave back the money, as a person reads it: a staff member by name and staff id, never the trail's
     * code ("staff:m01"); anyone else (the admin token) by name alone.
     */
    private String handledBy(ReceiptView receipt) {
        String actor = receipt.actor();
        String name = receipt.actorName() == null ? actor : receipt.actorName();
        if (actor != null && actor.startsWith(STAFF)) {
            return i18n.t("till.receiptBy", name, actor.substring(STAFF.length()));
        }
        return i18n.t("till.receiptByName", name);
    }

    /** The receipt as a PDF of one page, as long as its lines need. */
    public byte[] pdf(ReceiptView receipt) {
        List<String> lines = lines(receipt);
        try (PDDocument document = new PDDocument()) {
            PDType0Font font = font(document);
            List<String> pieces = new ArrayList<>();
            List<Float> sizes = new ArrayList<>();
            for (int i = 0; i < lines.size(); i++) {
                float size = i == 0 ? SIZE + 3 : SIZE; // the gym's name a little larger
                for (String piece : wrapped(lines.get(i), font, size)) {
                    pieces.add(piece);
                    sizes.add(size);
                }
            }
            float height = MARGIN * 2 + LEADING * (pieces.size() + 1);
            PDPage page = new PDPage(new PDRectangle(WIDTH, height));
            document.addPage(page);
            try (PDPageContentStream text = new PDPageContentStream(document, page)) {
                text.beginText();
                text.setLeading(LEADING);
                text.newLineAtOffset(MARGIN, height - MARGIN - SIZE);
                for (int i = 0; i < pieces.size(); i++) {
                    text.setFont(font, sizes.get(i));
                    text.showText(pieces.get(i));
                    text.newLine();
                }
                text.endText();
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            document.save(out);
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("The receipt " + receipt.receiptNo() + " could not be set as a PDF", e);
        }
    }

    /** A line cut into pieces that fit the roll's width. */
    private static List<String> wrapped(String line, PDType0Font font, float size) throws IOException {
        List<String> pieces = new ArrayList<>();
        float room = WIDTH - MARGIN * 2;
        StringBuilder piece = new StringBuilder();
        for (int offset = 0; offset < line.length(); ) {
            int codePoint = line.codePointAt(offset);
            String next = piece + new String(Character.toChars(codePoint));
            if (piece.length() > 0 && font.getStringWidth(next) / 1000 * size > room) {
                pieces.add(piece.toString());
                piece.setLength(0);
            }
            piece.appendCodePoint(codePoint);
            offset += Character.charCount(codePoint);
        }
        pieces.add(piece.toString());
        return pieces;
    }

    /** The console's CJK font (WenQuanYi Micro Hei, shipped with it), embedded as a subset. */
    private static PDType0Font font(PDDocument document) throws IOException {
        try (InputStream in = ReceiptDocuments.class.getResourceAsStream("/fonts/wqy-microhei.ttc")) {
            if (in == null) {
                throw new IOException("The console's font /fonts/wqy-microhei.ttc is missing");
            }
            TrueTypeCollection collection = new TrueTypeCollection(in);
            AtomicReference<TrueTypeFont> first = new AtomicReference<>();
            collection.processAllFonts(font -> first.compareAndSet(null, font));
            return PDType0Font.load(document, first.get(), true);
        }
    }

    /** Saves the receipt as a PDF at {@code file}. */
    public void save(ReceiptView receipt, Path file) {
        tasks.run(
                i18n.t("till.savePdf"),
                () -> {
                    Files.write(file, pdf(receipt));
                    return file;
                },
                saved -> notices.info(i18n.t("till.saved", receipt.receiptNo(), saved)));
    }

    /** Sends the receipt to the system's printer, after its own dialog (printer, copies). */
    public void print(ReceiptView receipt) {
        tasks.run(
                i18n.t("till.print"),
                () -> {
                    try (PDDocument document = Loader.loadPDF(pdf(receipt))) {
                        PrinterJob job = PrinterJob.getPrinterJob();
                        job.setJobName(receipt.receiptNo());
                        job.setPageable(new PDFPageable(document));
                        if (!job.printDialog()) {
                            return false;
                        }
                        job.print();
                        return true;
                    } catch (PrinterException e) {
                        throw new IllegalStateException(
                                i18n.t("till.printFailed", receipt.receiptNo(), e.getMessage()), e);
                    }
                },
                printed -> {
                    if (Boolean.TRUE.equals(printed)) {
                        notices.info(i18n.t("till.printed", receipt.receiptNo()));
                    }
                });
    }
}

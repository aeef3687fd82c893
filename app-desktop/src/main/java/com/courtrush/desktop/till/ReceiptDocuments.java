package com.courtrush.desktop.till;

import com.courtrush.core.ReceiptPdf;
import com.courtrush.desktop.i18n.I18n;
import com.courtrush.desktop.ui.Inputs;
import com.courtrush.desktop.ui.Notices;
import com.courtrush.desktop.ui.UiTasks;
import com.courtrush.till.api.ReceiptView;
import java.awt.print.PrinterException;
import java.awt.print.PrinterJob;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.printing.PDFPageable;

/**
 * A receipt as paper (issue 52): a PDF of a till roll's width (80 mm) in the console's language, its text set in the
 * console's own CJK font (embedded, so any viewer shows the student's name), saved where staff choose or sent to the
 * system's printer.
 */
public final class ReceiptDocuments {

    /** A till roll's width: 80 mm, in points. */
    static final float WIDTH = ReceiptPdf.WIDTH;

    /** Times as a person reads them on paper: 14:00, never 14:00:00. */
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm");
    private static final String STAFF = "staff:";

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

    /** The receipt as a PDF of one page of the roll, as long as its lines need ({@link ReceiptPdf}). */
    public byte[] pdf(ReceiptView receipt) {
        return ReceiptPdf.of(lines(receipt), receipt.receiptNo());
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

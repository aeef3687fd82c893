package com.courtrush.desktop.shell;

import com.courtrush.desktop.i18n.I18n;
import com.google.zxing.BarcodeFormat;
import com.google.zxing.EncodeHintType;
import com.google.zxing.WriterException;
import com.google.zxing.common.BitMatrix;
import com.google.zxing.qrcode.QRCodeWriter;
import com.google.zxing.qrcode.decoder.ErrorCorrectionLevel;
import java.util.List;
import java.util.Map;
import javafx.geometry.Pos;
import javafx.print.PrinterJob;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.image.ImageView;
import javafx.scene.image.PixelWriter;
import javafx.scene.image.WritableImage;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.stage.Window;

/**
 * The address students use, as a poster the desk can print: a QR code a phone's camera opens and the address
 * in large type (SPEC §12: phones reach the page over the campus network, never "localhost").
 */
final class AddressPoster {

    private static final int QR_PIXELS = 360;

    private AddressPoster() {}

    static void show(Window owner, I18n i18n, List<String> urls) {
        Dialog<ButtonType> dialog = new Dialog<>();
        // over the console, and the console's again once it closes: what staff type next goes to the console
        dialog.initOwner(owner);
        dialog.setTitle(i18n.t("poster.title"));
        dialog.getDialogPane().setId("addressPoster");
        ChoiceBox<String> which = new ChoiceBox<>();
        which.setId("posterAddress");
        which.getItems().setAll(urls);
        which.setValue(urls.isEmpty() ? null : urls.get(0));
        ImageView qr = new ImageView();
        qr.setId("posterQr");
        Label url = new Label();
        url.setId("posterUrl");
        url.setFont(Font.font(28));
        Label lead = new Label(i18n.t("poster.lead"));
        lead.setFont(Font.font(20));
        which.valueProperty().addListener((obs, old, now) -> {
            qr.setImage(now == null ? null : qr(now));
            url.setText(now == null ? "" : now);
        });
        qr.setImage(which.getValue() == null ? null : qr(which.getValue()));
        url.setText(which.getValue() == null ? "" : which.getValue());
        VBox poster = new VBox(12, lead, qr, url);
        poster.setAlignment(Pos.CENTER);
        Label printed = new Label();
        printed.setId("posterPrinted");
        Button print = new Button(i18n.t("poster.print"));
        print.setId("posterPrint");
        print.setOnAction(event -> {
            PrinterJob job = PrinterJob.createPrinterJob();
            if (job == null) {
                printed.setText(i18n.t("poster.noPrinter"));
            } else if (job.showPrintDialog(dialog.getOwner()) && job.printPage(poster)) {
                job.endJob();
                printed.setText(i18n.t("poster.printed"));
            }
        });
        VBox content = new VBox(12, which, poster, print, printed);
        content.setAlignment(Pos.CENTER);
        if (urls.size() > 1) {
            Label more = new Label(i18n.t("poster.several", urls.size()));
            more.setWrapText(true);
            content.getChildren().add(1, more);
        }
        dialog.getDialogPane().setContent(content);
        dialog.getDialogPane()
                .getButtonTypes()
                .setAll(new ButtonType(i18n.t("common.back"), ButtonType.CLOSE.getButtonData()));
        dialog.show();
    }

    /** The address as a QR code, black on white with its quiet zone. */
    static WritableImage qr(String text) {
        BitMatrix matrix;
        try {
            matrix = new QRCodeWriter()
                    .encode(
                            text,
                            BarcodeFormat.QR_CODE,
                            QR_PIXELS,
                            QR_PIXELS,
                            Map.of(EncodeHintType.MARGIN, 2, EncodeHintType.ERROR_CORRECTION, ErrorCorrectionLevel.M));
        } catch (WriterException e) {
            throw new IllegalArgumentException(
                    "An address of a few dozen characters always fits a QR code: " + text, e);
        }
        WritableImage image = new WritableImage(matrix.getWidth(), matrix.getHeight());
        PixelWriter pixels = image.getPixelWriter();
        for (int y = 0; y < matrix.getHeight(); y++) {
            for (int x = 0; x < matrix.getWidth(); x++) {
                pixels.setColor(x, y, matrix.get(x, y) ? Color.BLACK : Color.WHITE);
            }
        }
        return image;
    }
}

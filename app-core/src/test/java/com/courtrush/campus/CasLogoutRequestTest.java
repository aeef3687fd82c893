package com.courtrush.campus;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** A CAS single logout is read from a SAML LogoutRequest; anything else is no logout, read quietly. */
class CasLogoutRequestTest {

    static String logout(String ticket) {
        return "<samlp:LogoutRequest xmlns:samlp=\"urn:oasis:names:tc:SAML:2.0:protocol\""
                + " xmlns:saml=\"urn:oasis:names:tc:SAML:2.0:assertion\" ID=\"LR-1\" Version=\"2.0\""
                + " IssueInstant=\"2026-11-29T12:00:00Z\"><saml:NameID>student</saml:NameID>"
                + "<samlp:SessionIndex>" + ticket + "</samlp:SessionIndex></samlp:LogoutRequest>";
    }

    @Test
    void theServersLogoutRequestNamesItsTicket() {
        assertThat(CasProtocol.loggedOutTicket(logout(" ST-42-abc "))).isEqualTo("ST-42-abc");
    }

    @Test
    void aDocumentTypeAnEntityOrNoXmlIsNoLogoutAndNothingIsPrinted() {
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> logged = new ListAppender<>();
        logged.start();
        root.addAppender(logged);
        try {
            assertThat(CasProtocol.loggedOutTicket(
                            "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]>" + logout("&e;")))
                    .isNull();
            assertThat(CasProtocol.loggedOutTicket("<!DOCTYPE LogoutRequest>" + logout("ST-1")))
                    .isNull();
            assertThat(CasProtocol.loggedOutTicket("SessionIndex ST-1")).isNull();
            assertThat(CasProtocol.loggedOutTicket("<LogoutRequest><SessionIndex>ST-1</SessionInd"))
                    .isNull();
            assertThat(CasProtocol.loggedOutTicket("<Other><SessionIndex>ST-1</SessionIndex></Other>"))
                    .isNull();
            assertThat(CasProtocol.loggedOutTicket(logout(" "))).isNull();
            assertThat(CasProtocol.loggedOutTicket(null)).isNull();
        } finally {
            System.setErr(err);
            root.detachAppender(logged);
        }
        assertThat(printed.toString(StandardCharsets.UTF_8)).isEmpty();
        assertThat(logged.list)
                .as("the parser logs nothing: the caller's one line says it")
                .isEmpty();
    }
}

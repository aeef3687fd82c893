package com.courtrush.campus;

import com.courtrush.campus.api.CampusSignInSettings;
import java.io.IOException;
import java.io.StringReader;
import java.util.Map;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apereo.cas.client.authentication.AttributePrincipal;
import org.apereo.cas.client.validation.Assertion;
import org.apereo.cas.client.validation.Cas30ServiceTicketValidator;
import org.apereo.cas.client.validation.TicketValidationException;
import org.springframework.stereotype.Component;
import org.springframework.web.util.UriComponentsBuilder;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * CAS 3.0 with Apereo's Java CAS client (SPEC §18): the browser goes to the server's {@code /login} with this
 * engine's service address (which carries the sign-in's state); the server sends it back with a service ticket,
 * validated once at {@code /p3/serviceValidate}, whose answer carries the person's attributes. Single logout: the
 * server POSTs a SAML {@code LogoutRequest} naming the ticket to the service address.
 */
@Component
class CasProtocol {

    static final String SOURCE = "CAS";
    static final String CALLBACK = "/auth/campus/cas";

    /** A validated ticket: who, and what the server said of them. */
    record Validated(String user, Map<String, Object> attributes) {}

    /** This engine's service address for a sign-in: where the server sends the browser back with the ticket. */
    static String service(CampusSignInSettings settings, String state) {
        return UriComponentsBuilder.fromUriString(settings.publicUrl() + CALLBACK)
                .queryParam("state", state)
                .build()
                .toUriString();
    }

    /** The CAS server's sign-in page for this service. */
    static String loginUrl(CampusSignInSettings settings, String service) {
        return UriComponentsBuilder.fromUriString(settings.serverUrl() + "/login")
                .queryParam("service", service)
                .encode()
                .build()
                .toUriString();
    }

    /** The CAS server's logout, back to the page after. */
    static String logoutUrl(CampusSignInSettings settings) {
        return UriComponentsBuilder.fromUriString(settings.serverUrl() + "/logout")
                .queryParam("service", settings.publicUrl() + "/")
                .encode()
                .build()
                .toUriString();
    }

    /** Validates the ticket for the service it was issued to. Blocks: call on a directory thread. */
    Validated validate(CampusSignInSettings settings, String ticket, String service) {
        try {
            Assertion assertion = validator(settings).validate(ticket, service);
            AttributePrincipal principal = assertion.getPrincipal();
            return new Validated(principal.getName(), principal.getAttributes());
        } catch (TicketValidationException e) {
            if (DirectoryCalls.unreachable(e)) {
                throw new DirectoryUnreachable("The CAS server " + settings.serverUrl() + " did not answer", e);
            }
            throw new DirectoryRefused("The CAS server refused the ticket: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            if (DirectoryCalls.unreachable(e)) {
                throw new DirectoryUnreachable("The CAS server " + settings.serverUrl() + " did not answer", e);
            }
            throw e;
        }
    }

    /**
     * The service ticket a single-logout request names, or null when it is no SAML LogoutRequest naming one. Read by
     * the JDK's parser with document types refused (no entity of any kind is read), and quietly: anyone may post a
     * logout, so what cannot be read is the caller's one refusal line, never the parser's error and stack trace
     * (Apereo's {@code XmlUtils} logs those at ERROR).
     */
    static String loggedOutTicket(String logoutRequest) {
        if (logoutRequest == null || logoutRequest.isBlank()) {
            return null;
        }
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setXIncludeAware(false);
            factory.setExpandEntityReferences(false);
            DocumentBuilder parser = factory.newDocumentBuilder();
            parser.setErrorHandler(null); // the default prints "[Fatal Error]" to stderr before throwing
            Document request = parser.parse(new InputSource(new StringReader(logoutRequest)));
            NodeList indexes = request.getElementsByTagNameNS("*", "SessionIndex");
            if (!"LogoutRequest".equals(request.getDocumentElement().getLocalName()) || indexes.getLength() != 1) {
                return null;
            }
            String ticket = indexes.item(0).getTextContent();
            return ticket == null || ticket.isBlank() ? null : ticket.strip();
        } catch (SAXException | IOException e) {
            return null; // not XML, or a document type: no logout; the caller logs the refusal
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("The JDK's XML parser refuses to refuse document types", e);
        }
    }

    /** Apereo's CAS 3.0 validator for the server these settings name: timeouts set, answers read as UTF-8. */
    static Cas30ServiceTicketValidator validator(CampusSignInSettings settings) {
        Cas30ServiceTicketValidator validator = new Cas30ServiceTicketValidator(settings.serverUrl());
        validator.setURLConnectionFactory(DirectoryCalls.casConnections());
        validator.setEncoding("UTF-8");
        return validator;
    }
}

package com.courtrush;

import com.courtrush.account.SignInScenarios;
import com.courtrush.attendance.AttendanceScenarios;
import com.courtrush.calendar.CalendarScenarios;
import com.courtrush.campus.CampusScenarios;
import com.courtrush.campus.LdapScenarios;
import com.courtrush.notice.NoticeChannelScenarios;
import com.courtrush.notice.NoticeScenarios;
import com.courtrush.notice.WechatNoticeScenarios;
import com.courtrush.partner.PartnerScenarios;
import com.courtrush.pay.LivePaymentScenarios;
import com.courtrush.pay.LostNotificationScenarios;
import com.courtrush.pay.WechatPayTroubleScenarios;
import com.courtrush.recurring.RecurringScenarios;
import com.courtrush.report.ReportScenarios;
import com.courtrush.reserve.MultiNodeScenarios;
import com.courtrush.reserve.OverloadScenarios;
import com.courtrush.reserve.RecordScenarios;
import com.courtrush.reserve.ReserveScenarios;
import com.courtrush.reserve.decide.DrawScenarios;
import com.courtrush.reserve.pass.BookingPassScenarios;
import com.courtrush.reserve.recover.DeadLetterScenarios;
import com.courtrush.reserve.recover.RecoveryScenarios;
import com.courtrush.reserve.rehearsal.RehearsalNodeScenarios;
import com.courtrush.reserve.rehearsal.RehearsalScenarios;
import com.courtrush.reserve.waitlist.WaitlistScenarios;
import com.courtrush.share.FairShareScenarios;
import com.courtrush.slot.StampScenarios;
import com.courtrush.staff.StaffScenarios;
import com.courtrush.support.ExternalServices;
import com.courtrush.support.StackTest;
import com.courtrush.support.TestApi;
import com.courtrush.till.TillScenarios;
import com.courtrush.venue.BlockScenarios;
import com.courtrush.venue.DeskVenueScenarios;
import com.courtrush.venue.PriceScenarios;
import com.courtrush.venue.VenueScenarios;
import java.util.List;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * Every scenario on the machine's MariaDB/MySQL, Redis and RabbitMQ. Skipped when they are not
 * reachable, except under {@code CI=true}, where their absence fails the run.
 */
@ExtendWith(ExternalServices.class)
@DirtiesContext // closed when done: RedisClusterIT and RedisSentinelIT use the same database and queues
class ExternalStackIT extends StackTest
        implements ReserveScenarios,
                StampScenarios,
                VenueScenarios,
                PriceScenarios,
                BlockScenarios,
                DeskVenueScenarios,
                RecordScenarios,
                OverloadScenarios,
                NoticeScenarios,
                NoticeChannelScenarios,
                PartnerScenarios,
                RecoveryScenarios,
                LivePaymentScenarios,
                WechatNoticeScenarios,
                WechatPayTroubleScenarios,
                LostNotificationScenarios,
                DeadLetterScenarios,
                StaffScenarios,
                ReportScenarios,
                RecurringScenarios,
                BookingPassScenarios,
                DrawScenarios,
                MultiNodeScenarios,
                SignInScenarios,
                AttendanceScenarios,
                WaitlistScenarios,
                CalendarScenarios,
                CampusScenarios,
                LdapScenarios,
                FairShareScenarios,
                RehearsalScenarios,
                RehearsalNodeScenarios,
                TillScenarios {

    @DynamicPropertySource
    static void external(DynamicPropertyRegistry registry) {
        ExternalServices.register(registry, "ext", null);
    }

    /** Two venues' crowds split across this node and a second one on the same services (issue 81). */
    @Override
    public Doors rushDoors() throws Exception {
        ConfigurableApplicationContext second = startSecondNode();
        return new Doors(
                List.of(
                        api(),
                        new TestApi(((WebServerApplicationContext) second)
                                .getWebServer()
                                .getPort())),
                second::close);
    }
}

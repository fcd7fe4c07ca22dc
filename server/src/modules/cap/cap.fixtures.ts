/*
 * CAP 1.2 messages for tests: the examples of the OASIS CAP 1.2 specification (its Appendix A:
 * a Homeland Security advisory, a severe thunderstorm warning with a polygon, an earthquake
 * report that updates an earlier one with a circle, an AMBER alert with a geocode), with what
 * a test changes given as options.
 */

type Options = {
  identifier?: string;
  sender?: string;
  status?: string;
  msgType?: string;
  references?: string | null;
  /** `<expires>` (CAP's dateTime with an offset); null leaves it out. */
  expires?: string | null;
  polygon?: string;
  circle?: string;
  severity?: string;
  urgency?: string;
  language?: string;
};

const optional = (name: string, value: string | null | undefined) => (value ? `<${name}>${value}</${name}>` : '');

/** A CAP dateTime (offset, no fraction) `minutes` from now. */
export const capTime = (minutes: number, from = Date.now()) => `${new Date(from + minutes * 60_000).toISOString().slice(0, 19)}+00:00`;

/** Appendix A.1: no geometry (areaDesc only), Severe, Immediate. */
export const homelandSecurity = (o: Options = {}) => `<?xml version = "1.0" encoding = "UTF-8"?>
<alert xmlns = "urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${o.identifier ?? '43b080713727'}</identifier>
  <sender>${o.sender ?? 'hsas@dhs.gov'}</sender>
  <sent>2003-04-02T14:39:01-05:00</sent>
  <status>${o.status ?? 'Actual'}</status>
  <msgType>${o.msgType ?? 'Alert'}</msgType>
  <scope>Public</scope>
  ${optional('references', o.references)}
  <info>
    ${optional('language', o.language)}
    <category>Security</category>
    <event>Homeland Security Advisory System Update</event>
    <urgency>${o.urgency ?? 'Immediate'}</urgency>
    <severity>${o.severity ?? 'Severe'}</severity>
    <certainty>Likely</certainty>
    ${optional('expires', o.expires)}
    <senderName>U.S. Government, Department of Homeland Security</senderName>
    <headline>Homeland Security Sets Code ORANGE</headline>
    <description>The Department of Homeland Security has elevated the Homeland Security Advisory System threat level to ORANGE / High in response to intelligence which may indicate a heightened threat of terrorism.</description>
    <instruction> A High Condition is declared when there is a high risk of terrorist attacks. In addition to the Protective Measures taken in the previous Threat Conditions, Federal departments and agencies should consider agency-specific Protective Measures in accordance with their existing plans.</instruction>
    <web>http://www.dhs.gov/dhspublic/display?theme=29</web>
    <parameter>
      <valueName>HSAS</valueName>
      <value>ORANGE</value>
    </parameter>
    <resource>
      <resourceDesc>Image file (GIF)</resourceDesc>
      <mimeType>image/gif</mimeType>
      <uri>http://www.dhs.gov/dhspublic/getAdvisoryImage</uri>
    </resource>
    <area>
      <areaDesc>U.S. nationwide and interests worldwide</areaDesc>
    </area>
  </info>
</alert>`;

/** Appendix A.2's polygon: a screen at THUNDERSTORM_INSIDE is in it. */
export const THUNDERSTORM_POLYGON = '38.47,-120.14 38.34,-119.95 38.52,-119.74 38.62,-119.89 38.47,-120.14';
export const THUNDERSTORM_INSIDE = { latitude: 38.49, longitude: -119.92 };

/** Appendix A.2: a polygon, expires 2003-06-17T16:00:00-07:00 unless told. */
export const thunderstorm = (o: Options = {}) => `<?xml version = "1.0" encoding = "UTF-8"?>
<alert xmlns = "urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${o.identifier ?? 'KSTO1055887203'}</identifier>
  <sender>${o.sender ?? 'KSTO@NWS.NOAA.GOV'}</sender>
  <sent>2003-06-17T14:57:00-07:00</sent>
  <status>${o.status ?? 'Actual'}</status>
  <msgType>${o.msgType ?? 'Alert'}</msgType>
  <scope>Public</scope>
  ${optional('references', o.references)}
  <info>
    <category>Met</category>
    <event>SEVERE THUNDERSTORM</event>
    <responseType>Shelter</responseType>
    <urgency>${o.urgency ?? 'Immediate'}</urgency>
    <severity>${o.severity ?? 'Severe'}</severity>
    <certainty>Observed</certainty>
    <eventCode>
      <valueName>SAME</valueName>
      <value>SVR</value>
    </eventCode>
    ${optional('expires', o.expires === undefined ? '2003-06-17T16:00:00-07:00' : o.expires)}
    <senderName>NATIONAL WEATHER SERVICE SACRAMENTO CA</senderName>
    <headline>SEVERE THUNDERSTORM WARNING</headline>
    <description> AT 254 PM PDT...NATIONAL WEATHER SERVICE DOPPLER RADAR INDICATED A SEVERE THUNDERSTORM OVER SOUTH CENTRAL ALPINE COUNTY...OR ABOUT 18 MILES SOUTHEAST OF KIRKWOOD...MOVING SOUTHWEST AT 5 MPH. HAIL...INTENSE RAIN AND STRONG DAMAGING WINDS ARE LIKELY WITH THIS STORM.</description>
    <instruction>TAKE COVER IN A SUBSTANTIAL SHELTER UNTIL THE STORM PASSES.</instruction>
    <contact>BARUFFALDI/JUSKIE</contact>
    <area>
      <areaDesc>EXTREME NORTH CENTRAL TUOLUMNE COUNTY IN CALIFORNIA, EXTREME NORTHEASTERN CALAVERAS COUNTY IN CALIFORNIA, SOUTHWESTERN ALPINE COUNTY IN CALIFORNIA</areaDesc>
      <polygon>${o.polygon ?? THUNDERSTORM_POLYGON}</polygon>
      <geocode>
        <valueName>SAME</valueName>
        <value>006109</value>
      </geocode>
    </area>
  </info>
</alert>`;

/** Appendix A.3's circle centre; the specification's radius is 0 (the epicentre). */
export const EARTHQUAKE_CENTRE = { latitude: 32.9525, longitude: -115.5527 };

/** Appendix A.3: an Update of TRI13970876.1 with a circle (radius 0 unless told). */
export const earthquake = (o: Options = {}) => `<?xml version = "1.0" encoding = "UTF-8"?>
<alert xmlns = "urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${o.identifier ?? 'TRI13970876.2'}</identifier>
  <sender>${o.sender ?? 'trinet@caltech.edu'}</sender>
  <sent>2003-06-11T20:56:00-07:00</sent>
  <status>${o.status ?? 'Actual'}</status>
  <msgType>${o.msgType ?? 'Update'}</msgType>
  <scope>Public</scope>
  ${optional('references', o.references === undefined ? 'trinet@caltech.edu,TRI13970876.1,2003-06-11T20:30:00-07:00' : o.references)}
  <incidents>13970876</incidents>
  <info>
    <category>Geo</category>
    <event>Earthquake</event>
    <urgency>${o.urgency ?? 'Past'}</urgency>
    <severity>${o.severity ?? 'Minor'}</severity>
    <certainty>Observed</certainty>
    ${optional('expires', o.expires)}
    <senderName>Southern California Seismic Network (TriNet) operated by Caltech and USGS</senderName>
    <headline>EQ 3.4 Imperial County CA</headline>
    <description>A minor earthquake measuring 3.4 on the Richter scale occurred near Brawley, California at 8:53 PM Pacific Daylight Time on Wednesday, June 11, 2003. (This event has now been reviewed by a seismologist)</description>
    <web>http://www.trinet.org/scsn/scsn.html</web>
    <parameter>
      <valueName>EventID</valueName>
      <value>13970876</value>
    </parameter>
    <parameter>
      <valueName>Magnitude</valueName>
      <value>3.4 Ml</value>
    </parameter>
    <area>
      <areaDesc>1 mi. WSW of Brawley, CA; 11 mi. N of El Centro, CA; 30 mi. E of OCOTILLO (quarry); 1 mi. N of the Imperial Fault</areaDesc>
      <circle>${o.circle ?? '32.9525,-115.5527 0'}</circle>
    </area>
  </info>
</alert>`;

/** Appendix A.4: a geocode only (no geometry), Severe, Immediate. */
export const amber = (o: Options = {}) => `<?xml version = "1.0" encoding = "UTF-8"?>
<alert xmlns = "urn:oasis:names:tc:emergency:cap:1.2">
  <identifier>${o.identifier ?? 'KAR0-0306112239-SW'}</identifier>
  <sender>${o.sender ?? 'KARO@CLETS.DOJ.CA.GOV'}</sender>
  <sent>2003-06-11T22:39:00-07:00</sent>
  <status>${o.status ?? 'Actual'}</status>
  <msgType>${o.msgType ?? 'Alert'}</msgType>
  <source>SW</source>
  <scope>Public</scope>
  ${optional('references', o.references)}
  <info>
    <category>Rescue</category>
    <event>Child Abduction</event>
    <urgency>Immediate</urgency>
    <severity>Severe</severity>
    <certainty>Likely</certainty>
    <eventCode>
      <valueName>SAME</valueName>
      <value>CAE</value>
    </eventCode>
    ${optional('expires', o.expires)}
    <senderName>LOS ANGELES POLICE DEPT - LAPD</senderName>
    <headline>AMBER ALERT</headline>
    <description>DATE/TIME: 06/11/03, 1915 HRS.  VICTIM(S): KHAYRI DOE JR. M/B BLK/BRO 3'0", 40 LBS. LIGHT COMPLEXION.  DOB 06/24/01. WEARING RED SHORTS, WHITE T-SHIRT, W/BLUE COLLAR.  LOCATION: 5721 DOE ST., LOS ANGELES, CA.  SUSPECT(S): KHAYRI DOE SR. DOB 04/18/71 M/B, BLK HAIR, BRO EYE. VEHICLE: 81' BUICK 2-DR, BLUE (4XXX000).</description>
    <contact>DET. SMITH, 77TH DIV, LOS ANGELES POLICE DEPT-LAPD AT 213 485-2389</contact>
    <area>
      <areaDesc>Los Angeles County</areaDesc>
      <geocode>
        <valueName>SAME</valueName>
        <value>006037</value>
      </geocode>
    </area>
  </info>
</alert>`;
